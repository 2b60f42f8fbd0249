# A helper whose name says sampling, called by a training step that carries
# its result into a loss and a backward: its gradient is needed, so it is
# no evaluation and must never be wrapped in no_grad. The same helper run
# from a rollout that keeps no gradient is reported.
import torch
from torch import nn
from torch.distributions import Normal


class Actor(nn.Module):
    def __init__(self):
        super().__init__()
        self.mean = nn.Linear(4, 2)

    def forward(self, obs):
        return Normal(self.mean(obs), 1.0)


def sample_action(actor, obs):
    dist = actor(obs)  # expect: GG001
    action = dist.rsample()
    return action, dist.log_prob(action).sum(-1)


def learn(actor, critic, optimizer, states):
    action, log_prob = sample_action(actor, states)
    loss = (log_prob - critic(states, action)).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


def score_policy(actor, episodes):
    actor.eval()
    totals = []
    for obs in episodes:
        action, _ = sample_action(actor, obs)
        totals.append(action.sum().item())
    return totals
