import torch
from torch import nn


class Meter(nn.Module):
    """The project's own metrics package: it shadows the installed one."""

    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 1)

    def forward(self, outputs):
        return self.head(outputs)
