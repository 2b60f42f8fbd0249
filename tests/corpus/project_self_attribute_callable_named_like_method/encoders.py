# A module class of the project whose inference() runs its encoder.
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, n_in, n_latent):
        super().__init__()
        self.body = nn.Linear(n_in, 2 * n_latent)

    def inference(self, x):
        mu, logvar = self.body(x).chunk(2, -1)
        return mu, logvar
