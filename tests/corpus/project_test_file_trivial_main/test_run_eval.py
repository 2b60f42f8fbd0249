# The same name pattern with a __main__ block that does work of its own:
# a script run by hand, its evaluation reported.
import torch

from netlib import build_small_net


def test_epoch(net, loader):
    net.eval()
    return [net(x).argmax(1) for x in loader]  # expect: GG001


if __name__ == "__main__":
    test_epoch(build_small_net(), [torch.rand(2, 3, 32, 32)])
