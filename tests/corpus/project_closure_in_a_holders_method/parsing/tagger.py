# A module whose predict() runs its own forward: its callers choose the grad
# mode, so nothing is reported here.
import torch
from torch import nn


class SlotTagger(nn.Module):
    def __init__(self, dim=16, slots=5):
        super().__init__()
        self.proj = nn.Linear(dim, slots)

    def forward(self, feats):
        return self.proj(feats)

    def predict(self, feats, banned=None):
        scores = self(feats)
        if banned is not None:
            scores[:, banned] = float("-inf")
        return scores.argmax(-1)
