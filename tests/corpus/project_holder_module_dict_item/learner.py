# A plain learner (no nn.Module) that keeps its networks in a ModuleDict and
# acts through one of its items.
import torch
from torch import nn


class Actor(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(6, 3)

    def forward(self, obs):
        return self.body(obs).tanh()


class Learner:
    def __init__(self):
        self.nets = nn.ModuleDict()
        self.nets["actor"] = Actor()
        self.heads = nn.ModuleList([nn.Linear(3, 1) for _ in range(2)])

    def act(self, obs):
        return self.nets["actor"](obs)

    def value(self, obs, k):
        return self.heads[k](self.nets["actor"](obs))
