# A speech model and a policy whose methods other than forward() run their
# submodules: calling them is a forward, wherever the class is defined.
import torch
from torch import nn


class Speaker(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.GRU(8, 16)
        self.vocoder = nn.Linear(16, 1)

    def forward(self, tokens, target):
        return self.vocoder(self.encoder(tokens)[0]) - target

    def synthesize(self, tokens):
        hidden, _ = self.encoder(tokens)
        return self.vocoder(hidden)

    @torch.no_grad()
    def synthesize_quietly(self, tokens):
        hidden, _ = self.encoder(tokens)
        return self.vocoder(hidden)

    def describe(self):
        return "speaker"


class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 2)

    def act(self, obs):
        return self.body(obs).argmax(-1)
