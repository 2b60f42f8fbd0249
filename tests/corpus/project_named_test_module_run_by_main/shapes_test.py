# A real pytest module: nothing outside the tests runs it, and its tiny
# forwards are on purpose.
import torch
from torch import nn


def test_output_shape():
    net = nn.Linear(4, 2).eval()
    outs = []
    for _ in range(3):
        outs.append(net(torch.randn(5, 4)))
    assert torch.cat(outs).shape == (15, 2)
