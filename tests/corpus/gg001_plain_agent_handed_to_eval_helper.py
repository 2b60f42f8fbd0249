# A plain agent class (no torch module itself) holds the policy network,
# and its act() runs it. The evaluation helper is handed the agent by its
# caller: its origin is what the call site passes, not its name. The
# training loop's act() needs no fix; the evaluation helper's call does.
import gym
import numpy as np
import torch
import torch.nn as nn


class PolicyNet(nn.Module):
    def __init__(self, obs_dim, act_dim):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(obs_dim, 64), nn.Tanh(), nn.Linear(64, act_dim))

    def forward(self, obs):
        return torch.tanh(self.body(obs))


class Agent(object):
    def __init__(self, obs_dim, act_dim):
        self.pi = PolicyNet(obs_dim, act_dim)
        self.opt = torch.optim.Adam(self.pi.parameters(), lr=1e-3)

    def act(self, obs):
        obs = torch.as_tensor(obs, dtype=torch.float32).unsqueeze(0)
        return self.pi(obs).detach().numpy()[0]  # expect: GG001

    def update(self, batch):
        obs, adv = batch
        loss = -(self.pi(obs).sum(dim=1) * adv).mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()


def evaluate_agent(runner, env_id, episodes=5):
    env = gym.make(env_id)
    total = 0.0
    for _ in range(episodes):
        obs, done = env.reset(), False
        while not done:
            obs, reward, done, _ = env.step(runner.act(np.asarray(obs)))
            total += reward
    return total / episodes


if __name__ == "__main__":
    env = gym.make("Pendulum-v1")
    runner = Agent(3, 1)
    for step in range(10000):
        action = runner.act(env.reset())
        runner.update(None)
        if step % 1000 == 0:
            print(evaluate_agent(runner, "Pendulum-v1"))
