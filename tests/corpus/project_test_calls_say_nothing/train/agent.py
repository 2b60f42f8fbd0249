import torch

from vaelib import forward_sample_n


class Agent:
    def __init__(self, decoder, critic):
        self.decoder = decoder
        self.critic = critic

    def penalty(self, obs):
        with torch.no_grad():
            acts = forward_sample_n(self.decoder, obs, 4)
        return self.critic(obs, acts).mean()
