"""An evaluation loop without torch.no_grad(): autograd keeps every layer's
activations, and under the memory cap the forward pass runs out of memory."""
import sys

import torch

from memlimit import limit_memory
from model import batches, make_model


def evaluate(model, loader):
    model.eval()
    total = 0.0
    for x in loader:
        out = model(x)
        total += float(out.sum())
    return total


def main():
    torch.manual_seed(0)
    model = make_model()
    loader = batches()
    limit_memory(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
    print("score", evaluate(model, loader))


if __name__ == "__main__":
    main()
