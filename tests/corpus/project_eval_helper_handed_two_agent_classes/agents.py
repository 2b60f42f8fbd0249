# Two agents of the project: one acts under no_grad, the other runs its
# network with grad on and detaches afterwards (too late: the graph is built).
import torch
import torch.nn as nn


class Actor(nn.Module):
    def __init__(self, obs, act):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs, 64), nn.ReLU(), nn.Linear(64, act))

    def forward(self, x):
        return torch.tanh(self.body(x))


class CarefulAgent:
    def __init__(self, obs, act):
        self.actor = Actor(obs, act)

    def act(self, obs):
        with torch.no_grad():
            return self.actor(torch.as_tensor(obs)).numpy()


class EagerAgent:
    def __init__(self, obs, act):
        self.actor = Actor(obs, act)

    def act(self, obs):
        return self.actor(torch.as_tensor(obs)).detach().numpy()
