# A function's name alone is no evidence of evaluation (SPEC §2): a helper
# named sample() or predict() that runs a module once may be a part of a
# training step in another file. With data it iterates over, or a model it
# loads, the same name is evidence.
import torch
from torch import nn


class Gaussian(nn.Module):
    def __init__(self):
        super().__init__()
        self.mean = nn.Linear(4, 2)

    def forward(self, obs):
        return self.mean(obs)


def sample(policy, obs):
    mean = policy(obs)
    return mean + torch.randn_like(mean)


def predict(policy, observations):
    return [policy(o) for o in observations]  # expect: GG001


def predict_from(path, obs):
    policy = Gaussian()
    policy.load_state_dict(torch.load(path))
    return policy(obs)  # expect: GG001
