# Loaders of the project. open_frozen() puts the restored network in eval mode
# and turns requires_grad off for all its parameters: what it hands back
# records no graph on plain inputs. open_eval() only sets eval mode.
import torch
from torch import nn


class Denoiser(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, x):
        return x - self.conv(x)


def open_frozen(path):
    net = Denoiser()
    net.load_state_dict(torch.load(path))
    net.eval()
    net.requires_grad_(False)
    return net


def open_eval(path):
    net = Denoiser()
    net.load_state_dict(torch.load(path))
    net.eval()
    return net
