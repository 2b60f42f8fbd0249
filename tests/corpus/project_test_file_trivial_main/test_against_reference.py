# A test file in a folder of no test name (integration_checks/): pytest
# collects it by its file name and runs its test_* functions. Its __main__
# block only passes (or calls those tests), so it is no script: a test
# module, nothing reported.
import torch

from netlib import build_small_net

net = build_small_net().eval()
batch = torch.rand(8, 3, 32, 32)


def compare(method):
    adv = method(net, batch)
    return net(batch), net(adv)


def test_method_a():
    compare(lambda m, x: x + 0.01)


def test_method_b():
    compare(lambda m, x: x - 0.01)


if __name__ == "__main__":
    pass
