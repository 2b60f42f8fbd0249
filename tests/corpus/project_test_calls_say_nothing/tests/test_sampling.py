import torch

from vaelib import forward_sample_n
from vaelib.nets import Decoder


def test_shapes():
    dec = Decoder(3, 8, 2)
    out = forward_sample_n(dec, torch.rand(5, 3), 4)
    assert out.shape == (5, 4, 2)
