import torch
from torch import nn


class ScoreHead(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Linear(width, width)

    def forward(self, feats):
        out = self.proj(feats)
        return out.sum(), out.mean()
