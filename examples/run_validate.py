"""Runs validate.py's fit() on random data with a small CNN on the CPU, for
`python -m gradguard run examples/run_validate.py` (docs/probe.md): the probe
measures what validate() keeps for a backward that never comes."""
import torch
from torch import nn

from validate import fit


def random_batches(n, size=16):
    return [(torch.randn(size, 3, 32, 32), torch.randint(0, 10, (size,))) for _ in range(n)]


if __name__ == "__main__":
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                          nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
                          nn.Flatten(), nn.Linear(32, 10))
    fit(model, random_batches(4), random_batches(8), epochs=2)
