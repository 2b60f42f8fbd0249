"""A training step that does not fit: the forward pass keeps activations for
backward, and runs out of memory under the cap."""
import sys

import torch

from memlimit import limit_memory
from model import batches, make_model


def train_one_epoch(model, loader, opt):
    model.train()
    for x in loader:
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    model = make_model()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    loader = batches()
    limit_memory(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
    train_one_epoch(model, loader, opt)


if __name__ == "__main__":
    main()
