import os

import torch

# GG_DEVICE=cuda runs the same programs on a GPU (record_cuda.sh).
DEVICE = torch.device(os.environ.get("GG_DEVICE", "cpu"))


class Scale(torch.nn.Module):
    """An elementwise layer: cheap to compute, and autograd keeps its input."""

    def __init__(self, n):
        super().__init__()
        self.w = torch.nn.Parameter(torch.ones(n))

    def forward(self, x):
        return torch.tanh(x * self.w)


def make_model(width=1 << 21, depth=24):
    torch.manual_seed(0)
    torch.set_num_threads(1)
    return torch.nn.Sequential(*[Scale(width) for _ in range(depth)]).to(DEVICE)


def batches(n=3, rows=4, width=1 << 21):
    return [torch.randn(rows, width, device=DEVICE) for _ in range(n)]
