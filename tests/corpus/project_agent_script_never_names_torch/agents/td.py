# An agent that holds its networks: select_action runs the actor with grad
# on and hands back a numpy action; eval_mode puts the actor in eval mode.
import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 64), nn.ReLU(), nn.Linear(64, act_dim))

    def forward(self, obs):
        return torch.tanh(self.body(obs))


class Agent(object):
    def __init__(self, obs_dim=12, act_dim=4):
        self.actor = Policy(obs_dim, act_dim)
        self.opt = torch.optim.Adam(self.actor.parameters(), lr=1e-3)

    def select_action(self, obs):
        obs = torch.as_tensor(obs, dtype=torch.float32)
        return self.actor(obs).cpu().data.numpy().flatten()

    def eval_mode(self):
        self.actor.eval()

    def load(self, path):
        self.actor.load_state_dict(torch.load(path))
