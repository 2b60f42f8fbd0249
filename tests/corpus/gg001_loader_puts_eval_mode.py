# Eval mode can come from the loader rather than a visible .eval(): a
# loader asked for it by a keyword (is_eval=True), or a function of this
# file that returns the module it put in eval mode. The forwards after
# either are evaluation; a loader that does neither gives no evidence.
import torch
from torch import nn
from visionkit import load_bundle


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc(x)


def restore(path):
    head = Head()
    head.load_state_dict(torch.load(path))
    head.eval()
    return head


def restore_for_tuning(path):
    head = Head()
    head.load_state_dict(torch.load(path))
    return head


def describe(pictures):
    net, prep = load_bundle(name="captioner", is_eval=True)
    return [net(prep(p)) for p in pictures]  # expect: GG001


def classify(path, batches):
    head = restore(path)
    return [head(b).argmax(-1) for b in batches]  # expect: GG001


def features(path, batches):
    head = restore_for_tuning(path)
    return [head(b) for b in batches]
