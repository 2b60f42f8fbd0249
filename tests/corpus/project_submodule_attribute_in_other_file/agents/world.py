# A world model whose dynamics part is a submodule built in __init__; the
# attribute's name says nothing of a model.
import torch
from torch import nn


class Dynamics(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.cell = nn.GRUCell(width, width)

    def forward(self, state, action):
        return self.cell(action, state)


class WorldModel(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.dyn = Dynamics(width)
        self.horizon = 15

    def imagine_loss(self, state, actions):
        for a in actions:
            state = self.dyn(state, a)
        return state.pow(2).mean()
