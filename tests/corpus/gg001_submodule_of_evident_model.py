# Calls on a part of an evident model run the model too: its encoder after
# model.eval(), and the model a DistributedDataParallel wrapper holds in
# .module. A method of the file's own class is a call, not a forward here.
import torch
from torch import nn


class TwoTower(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Linear(8, 4)
        self.scorer = nn.Linear(4, 1)

    def forward(self, x):
        return self.scorer(self.encoder(x))

    def describe(self):
        return {"layers": 2}


def embed_all(tower, batches):
    tower.eval()
    vectors = []
    for b in batches:
        vectors.append(tower.encoder(b).detach().cpu().numpy())  # expect: GG001
    info = tower.describe()
    return vectors, info


def score(wrapped, batches):
    wrapped.eval()
    return [wrapped.module(b).sigmoid() for b in batches]  # expect: GG001
