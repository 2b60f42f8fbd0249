import torch
from torch import nn

from .head import ScoreHead


class Ranker(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.head = ScoreHead(width)

    def forward(self, feats):
        total, mean = self.head(feats)
        return total, mean
