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


def features_of(batches, model):
    return [model(b).cpu().numpy() for b in batches]


def statistics_of(batches, model):
    feats = features_of(batches, model)
    return np.mean(feats), np.std(feats)


def compare_folders(first, second):
    # The frozen network goes down two helpers as a parameter: still frozen there.
    model = ScoreNet(64)
    return statistics_of(first, model), statistics_of(second, model)


def embed_all(batches, encoder):
    return [encoder(b).sum().item() for b in batches]  # expect: GG001


def embed_both(batches):
    frozen = ScoreNet(64).eval()
    trainable = ScoreNet(64, train_weights=True).eval()
    return embed_all(batches, frozen), embed_all(batches, trainable)
