# A rollout keeps what a distribution built from the policy's output
# computes: log-probabilities appended, the entropy summed, each with the
# step's graph, for a batch that only uses their values later. A
# REINFORCE episode whose log-probabilities are the loss it backwards is a
# sum on purpose: not reported.
import torch
from torch import nn
from torch.distributions import Categorical


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 2)

    def forward(self, obs):
        return Categorical(logits=self.head(obs))


def collect(policy: nn.Module, env, steps):
    log_probs, actions = [], []
    spread = 0.0
    obs = env.reset()
    for _ in range(steps):
        dist = policy(torch.as_tensor(obs))
        action = dist.sample()
        log_probs.append(dist.log_prob(action))  # expect: GG002
        spread += dist.entropy().mean()  # expect: GG002
        actions.append(action)
        obs = env.step(action.item())
    print(float(spread) / steps)
    return torch.stack(actions), torch.stack(log_probs).detach()


def reinforce_episode(policy: nn.Module, env, opt):
    log_probs, rewards = [], []
    obs, done = env.reset(), False
    while not done:
        dist = policy(torch.as_tensor(obs))
        action = dist.sample()
        log_probs.append(dist.log_prob(action))
        obs, reward, done = env.step(action.item())
        rewards.append(reward)
    loss = -(torch.stack(log_probs) * torch.tensor(rewards)).sum()
    opt.zero_grad()
    loss.backward()
    opt.step()
