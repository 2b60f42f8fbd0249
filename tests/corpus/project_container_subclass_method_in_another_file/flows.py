# Classes derived from torch's containers and layers are modules: their
# methods other than forward run the stacked layers.
import torch
from torch import nn


class CouplingStack(nn.Sequential):
    def log_density(self, x):
        return self(x).pow(2).sum(-1)


class Heads(nn.ModuleList):
    def votes(self, x):
        return (self[0](x) + self[-1](x)) / 2


class Recurrent(torch.nn.GRU):
    def summarize(self, x):
        out, _ = self(x)
        return out[:, -1]
