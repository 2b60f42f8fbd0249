# A model file's own smoke test: a freshly built, untrained module run on a
# random tensor to print the output's shape. Nothing is evaluated and
# nothing is kept: no finding, even in a function named test().
import torch
from torch import nn


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 2)

    def forward(self, x):
        return self.proj(x)


def test():
    net = Tiny()
    out = net(torch.randn(4, 8))
    print(out.shape)


def sanity():
    net = Tiny()
    net.eval()
    y = net(torch.zeros(1, 8))
    assert y.shape == (1, 2)


if __name__ == "__main__":
    test()
    sanity()
