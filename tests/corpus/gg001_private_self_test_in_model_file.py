# A model file's private self-test (`_test_pooling()`, run from its
# __main__): a fresh module stepped chunk by chunk over random input,
# asserting the chunks agree with the whole. A unit test, not evaluation.
import torch
from torch import nn


class RunningPool(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim, bias=False)

    def forward(self, x):
        return self.proj(x.cumsum(0) / torch.arange(1, x.size(0) + 1).unsqueeze(1))

    def step(self, x, count, total):
        total = total + x.sum(0)
        count = count + x.size(0)
        return self.proj(total / count), count, total


def _test_pooling():
    m = RunningPool(8)
    x = torch.randn(12, 8)
    whole = m(x)
    count, total = torch.zeros(()), torch.zeros(8)
    for i in range(12):
        part, count, total = m.step(x[i:i + 1], count, total)
        assert torch.allclose(part, whole[i]), (part, whole[i])


if __name__ == "__main__":
    _test_pooling()
