# A loss or a metric written as a module holds no parameters: calling it
# records only what its inputs bring, so it is never a model of its own.
# Called on a forward's output (inline, or made under no_grad) it is no
# second finding. A module that builds a layer, or keeps a learned scale,
# is one.
import torch
from torch import nn


class MaskedL1(nn.Module):
    def __init__(self, eps=1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, pred, target, mask):
        return ((pred - target).abs() * mask).sum() / (mask.sum() + self.eps)


class ScaledDistance(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(1))

    def forward(self, a, b):
        return self.scale * (a - b).pow(2).mean()


class Decoder(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.proj = nn.Linear(width, width)

    def forward(self, x):
        return self.proj(x)


def validate(decoder, batches):
    criterion = MaskedL1()
    distance = ScaledDistance()
    decoder.eval()
    distance.eval()
    total = 0.0
    for x, y, m in batches:
        out = decoder(x)  # expect: GG001
        total += criterion(out, y, m).item()
        total += distance(x, y).item()  # expect: GG001
    return total


def validate_inline(decoder, batches):
    criterion = MaskedL1()
    decoder.eval()
    return sum(criterion(decoder(x), y, m).item() for x, y, m in batches)  # expect: GG001


def validate_guarded(decoder, batches):
    criterion = MaskedL1()
    decoder.eval()
    total = 0.0
    for x, y, m in batches:
        with torch.no_grad():
            out = decoder(x)
        total += criterion(out, y, m).item()
    return total


if __name__ == "__main__":
    validate(Decoder(4), [(torch.randn(2, 4), torch.randn(2, 4), torch.ones(2, 4))])
