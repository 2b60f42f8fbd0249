import torch
from torch import nn


class Scorer(nn.Module):
    """Runs its network with grad off whenever it is called."""

    def __init__(self, net):
        super().__init__()
        self.net = net

    @torch.no_grad()
    def __call__(self, batch):
        return self.net(batch)
