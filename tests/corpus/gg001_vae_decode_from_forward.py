import torch
from torch import nn


class VAE(nn.Module):
    def __init__(self, encoder, decoder):
        super().__init__()
        self.encoder = encoder
        self.decoder = decoder

    def decode(self, z):
        return self.decoder(z)

    def sample(self, n, device):
        z = torch.randn(n, 32, device=device)
        return self.decoder(z)

    def forward(self, x):
        mu, logvar = self.encoder(x).chunk(2, dim=-1)
        z = mu + torch.randn_like(mu) * (0.5 * logvar).exp()
        return self.decode(z), mu, logvar
