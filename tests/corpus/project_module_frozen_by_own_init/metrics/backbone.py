# A feature network used only to score images: its constructor freezes every
# parameter unless asked to keep them trainable.
import torch
from torch import nn


class ScoreNet(nn.Module):
    def __init__(self, width=32, train_weights=False, pool=True):
        super().__init__()
        self.body = nn.Conv2d(3, width, 3)
        self.pool = nn.AdaptiveAvgPool2d(1) if pool else nn.Identity()
        for weight in self.parameters():
            weight.requires_grad = train_weights

    def forward(self, images):
        return self.pool(self.body(images)).flatten(1)


class Judge(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 1)
        self.requires_grad_(False)

    def forward(self, x):
        return self.head(x)
