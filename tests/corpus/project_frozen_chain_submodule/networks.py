import torch.nn as nn


class Mapping(nn.Module):
    def __init__(self, z_dim, w_dim):
        super().__init__()
        self.fc = nn.Linear(z_dim, w_dim)

    def forward(self, z, c=None):
        return self.fc(z)


class Synthesis(nn.Module):
    def __init__(self, w_dim):
        super().__init__()
        self.fc = nn.Linear(w_dim, 3 * 64 * 64)

    def forward(self, ws, noise_mode="random"):
        return self.fc(ws).view(-1, 3, 64, 64)


class Generator(nn.Module):
    def __init__(self, z_dim=64, w_dim=64):
        super().__init__()
        self.z_dim = z_dim
        self.mapping = Mapping(z_dim, w_dim)
        self.synthesis = Synthesis(w_dim)

    def forward(self, z, c=None):
        return self.synthesis(self.mapping(z, c))
