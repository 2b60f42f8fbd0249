# A sampler holds the model it is handed and draws sequences from it,
# returning each step's log-probability. Its name says sampling, but its
# users draw samples to train: the policy-gradient script backpropagates
# through what sample() returns, so it is no evaluation, and no wrap may go
# around it.
import torch


class SequenceSampler(object):
    def __init__(self, model):
        self.model = model

    def sample(self, src, steps=20):
        state = self.model.encode(src)
        words, logprobs = [], []
        for _ in range(steps):
            logits, state = self.model.step(state)
            dist = torch.distributions.Categorical(logits=logits)
            word = dist.sample()
            words.append(word)
            logprobs.append(dist.log_prob(word))
        return torch.stack(words), torch.stack(logprobs)
