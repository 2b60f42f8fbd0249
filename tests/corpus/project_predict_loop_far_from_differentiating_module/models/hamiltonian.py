# A network whose forward differentiates its input: the time derivative of
# a Hamiltonian system is the gradient of the energy it learns.
import torch
from torch import nn


class HamiltonianNet(nn.Module):
    def __init__(self, width=32):
        super().__init__()
        self.energy = nn.Sequential(nn.Linear(2, width), nn.Tanh(), nn.Linear(width, 1))

    def forward(self, state):
        state = state.requires_grad_(True)
        h = self.energy(state).sum()
        dq, dp = torch.autograd.grad(h, state, create_graph=True)[0].unbind(-1)
        return torch.stack([dp, -dq], -1)
