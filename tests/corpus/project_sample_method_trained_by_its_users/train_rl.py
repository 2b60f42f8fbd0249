# Self-critical training: sample, score against the reference, and
# backpropagate the policy gradient through the sampled log-probabilities.
import torch
from sampler import SequenceSampler
from scoring import reward_of


def train_policy(model, loader, optimizer):
    sampler = SequenceSampler(model)
    for src, ref in loader:
        words, logprobs = sampler.sample(src)
        reward = reward_of(words, ref)
        loss = -(logprobs.sum(0) * reward).mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
