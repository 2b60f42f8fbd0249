import torch
import torch.nn as nn


class Shaper(nn.Module):
    def __init__(self, taps):
        super().__init__()
        self.filt = nn.Conv1d(1, 1, taps, bias=False)

    def forward(self, x):
        return self.filt(x)


class Transmitter(object):
    def __init__(self, scheme):
        self.scheme = scheme
        self.shaper = Shaper(9)

    def modulate(self, n):
        symbols = torch.randint(0, 4, (1, 1, n)).float()
        return self.shaper(symbols)


class Windows(nn.Module):
    """Cuts a long signal into windows of a fixed width: no parameter."""

    def __init__(self, width, offset=0):
        super().__init__()
        self.width = width
        self.offset = offset

    def forward(self, x):
        x = x[..., self.offset:]
        n = x.shape[-1] // self.width
        return x[..., : n * self.width].reshape(-1, x.shape[1], self.width)
