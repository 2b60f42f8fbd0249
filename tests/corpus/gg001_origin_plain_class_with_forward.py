# A class of this file that does not derive nn.Module is no model, even
# with methods called forward() and eval(): what it is comes from its
# class, not from the name it is bound to or the methods it spells.
import torch
from torch import nn


class Ruler:
    def __init__(self, scale):
        self.scale = scale

    def forward(self, values):
        return (values * self.scale).sum()

    def eval(self):
        return self


class Probe(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(3, 1)

    def forward(self, values):
        return self.head(values)


def measure(batches):
    model = Ruler(torch.ones(3))
    model.eval()
    for values in batches:
        print(model(values))


def measure_probe(batches):
    model = Probe()
    model.eval()
    for values in batches:
        print(model(values))  # expect: GG001
