# The networks, in a file of their own.
import torch
from torch import nn


class FlowNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Conv2d(6, 4, 3, padding=1)

    def forward(self, pair):
        return self.body(pair)


class Blender:
    """A plain helper: it mixes two frames by a weight, no parameters."""

    def __init__(self, weight=0.5):
        self.weight = weight

    def __call__(self, a, b):
        return self.weight * a + (1 - self.weight) * b
