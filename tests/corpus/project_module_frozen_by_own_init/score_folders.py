# Scoring scripts: a network whose own constructor froze it records no graph
# on plain images (nothing to report); one built trainable does.
import numpy as np
import torch
from metrics.backbone import ScoreNet, Judge


def frozen_scores(folder):
    net = ScoreNet(64).eval()
    feats = []
    for path in folder:
        image = torch.from_numpy(np.load(path))
        feats.append(net(image[None]).cpu().numpy())
    return feats


def judged(rows):
    judge = Judge().eval()
    return [judge(torch.as_tensor(r)).item() for r in rows]


def trainable_scores(folder):
    net = ScoreNet(64, train_weights=True).eval()
    return [net(torch.from_numpy(np.load(p))[None]).sum().item() for p in folder]  # expect: GG001


def positional_trainable(folder):
    net = ScoreNet(64, True).eval()
    return [net(torch.from_numpy(np.load(p))[None]).sum().item() for p in folder]  # expect: GG001
