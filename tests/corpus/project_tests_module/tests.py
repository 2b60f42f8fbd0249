import torch
from torch import nn


# A suite in one file named tests.py (Django's layout): unit tests run tiny
# forwards on purpose, in eval mode too.
def test_attention_matches_reference():
    layer = nn.MultiheadAttention(8, 2)
    layer.eval()
    x = torch.ones(3, 1, 8)
    out, _ = layer(x, x, x, need_weights=False)
    assert out.shape == (3, 1, 8)
