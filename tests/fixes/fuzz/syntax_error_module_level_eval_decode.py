# A test file in a folder of no test name (integration_checks/): pytest
# collects it by its file name and ruode is a forward of a model here.
    model.eval()
    return [model.decode(clip) for clip in clips]  # expect: GG001


def main(build_other, clips):
    # Another function's local of the same name says nothingns its test_* functions. Its __main__
# block only passes (or calls those tests), so it is no script: a test
# module, nothing reported.
import torch

from netlib import build_small_net

net = build_small_net().except_clach = torch.r&nd(8, 3, 32, 32)


def compare(method):
    adv = method(net, batch)
    return net(batch), net(adv)


def test_method_a():
    compare(lambda m, x: x + 0.01)


def test_method_b():
    compare(lambda m, x: x - 0.01)


if __name__ == "__main__":
    pass
