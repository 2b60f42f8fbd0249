import gym_like
import torch
from torch import nn


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 32)
        self.head = nn.Linear(32, 2)

    def forward(self, obs):
        return self.head(torch.relu(self.body(obs)))

    def act_probs(self, obs):
        hidden = torch.relu(self.body(obs))  # expect: GG001
        return torch.softmax(self.head(hidden), -1)


# One caller's mistake is one finding, at the helper's first forward, not
# one per submodule the helper runs.
def rollout_score(policy, episodes):
    env = gym_like.make("Pole")
    total = 0.0
    for _ in range(episodes):
        obs, done = env.reset(), False
        while not done:
            probs = policy.act_probs(torch.as_tensor(obs))
            obs, reward, done = env.step(int(probs.argmax()))
            total += reward
    return total / episodes


# A hook named like inference that runs once, on what its caller hands it,
# leaves the grad mode to that caller: its name alone is no evidence.
def infer(policy, obs):
    return policy.act_probs(obs)
