# A plain agent class (no torch module itself) that holds its networks:
# act() runs the policy network, learn() trains it.
import torch
import torch.nn as nn


class QNet(nn.Module):
    def __init__(self, obs_dim, n_actions):
        super().__init__()
        self.head = nn.Sequential(nn.Linear(obs_dim, 128), nn.ReLU(), nn.Linear(128, n_actions))

    def forward(self, obs):
        return self.head(obs)


class Learner:
    def __init__(self, obs_dim, n_actions):
        self.q = QNet(obs_dim, n_actions)
        self.target = QNet(obs_dim, n_actions)
        self.opt = torch.optim.Adam(self.q.parameters(), lr=1e-3)

    def act(self, obs):
        obs = torch.as_tensor(obs, dtype=torch.float32).unsqueeze(0)
        return int(self.q(obs).argmax(dim=1).item())

    def learn(self, obs, actions, targets):
        loss = nn.functional.mse_loss(self.q(obs).gather(1, actions), targets)
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
