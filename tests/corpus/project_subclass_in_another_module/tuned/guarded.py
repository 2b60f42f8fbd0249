import torch

from runners.quick import QuickScorer


def quietly():
    """A grad-disabling wrapper: the index reads this file for it anyway."""
    return torch.no_grad()


class GuardedScorer(QuickScorer):
    def label(self):
        return "guarded"
