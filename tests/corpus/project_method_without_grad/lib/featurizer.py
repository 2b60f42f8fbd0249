import torch
from torch import nn


class ImageFeaturizer(nn.Module):
    """Its encode() turns grad off itself: callers in other files need not."""

    def __init__(self, width=4):
        super().__init__()
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        return self.proj(x)

    @torch.no_grad()
    def encode(self, batch):
        return self.proj(batch)


class PlainSub(ImageFeaturizer):
    """Inherits the decorated encode()."""


class TunedFeaturizer(ImageFeaturizer):
    """Overrides encode() without the decorator: its callers run it with grad on."""

    def encode(self, batch):
        return self.proj(batch) * 2


class FrozenTeacher(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)

    @torch.inference_mode()
    def forward(self, x):
        return self.body(x)


class Trainable(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)

    def encode(self, batch):
        return self.body(batch)


@torch.no_grad()
def embed_batch(model, batch):
    return model(batch)
