# A domain-adaptation project: a discriminator that reverses the gradient of
# what it is handed (a tensor hook in its forward), and a plain classifier.
import torch.nn as nn


def flip(scale):
    return lambda grad: -scale * grad


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Sequential(nn.Linear(256, 64), nn.ReLU(), nn.Linear(64, 1))

    def forward(self, feats, scale=1.0):
        feats = feats * 1.0
        feats.register_hook(flip(scale))
        return self.head(feats)


class Digits(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Flatten(), nn.Linear(784, 256), nn.ReLU())
        self.out = nn.Linear(256, 10)

    def forward(self, x):
        feats = self.body(x)
        return feats, self.out(feats)
