# A grad-off decorator defined in a helper package's module (its inner
# wrapper enters no_grad around the call) and brought here by a star import
# of the package, whose __init__ star-imports that module: the decorated
# test step runs without grad. The undecorated one does not.
import torch
from torch import nn
from helpers import *

net = nn.Conv2d(6, 1, 3)


@without_grad
def test_step(left, right):
    net.eval()
    disp = net(torch.cat([left, right], 1))
    return disp.mean().item()


def test_step_plain(left, right):
    net.eval()
    disp = net(torch.cat([left, right], 1))  # expect: GG001
    return disp.mean().item()


def run(test_loader):
    for left, right in test_loader:
        test_step(left, right)
        test_step_plain(left, right)
