import torch
import torch.nn as nn


class Decoder(nn.Module):
    def __init__(self, obs, latent, act):
        super().__init__()
        self.fc = nn.Linear(obs + latent, act)

    def forward(self, x, z):
        return torch.tanh(self.fc(torch.cat([x, z], dim=1)))
