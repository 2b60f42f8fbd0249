import contextlib

import torch
from torch import nn


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        return self.head(x)


def score_batches(net, batches, frozen):
    # The caller picks the grad mode: with the flag unknown here, there is no
    # evidence that the forward records a graph for nothing.
    net.eval()
    total = 0.0
    for x in batches:
        with torch.no_grad() if frozen else contextlib.nullcontext():
            total += net(x).sum().item()
    return total


def score_inference_mode(net, batches, fast):
    net.eval()
    ctx = None
    for x in batches:
        with (torch.inference_mode() if fast else torch.enable_grad()):
            ctx = net(x)
    return ctx


def score_either_way(net, batches, flag):
    # Off on both branches: the forward runs without autograd whatever the flag.
    net.eval()
    for x in batches:
        with torch.no_grad() if flag else torch.inference_mode():
            net(x)


def score_unguarded(net, batches, verbose):
    # A conditional that is not about grad at all changes nothing.
    net.eval()
    for x in batches:
        with open("log.txt", "a") if verbose else contextlib.nullcontext():
            net(x)  # expect: GG001


if __name__ == "__main__":
    model = Scorer()
    data = [torch.randn(4, 8) for _ in range(3)]
    score_batches(model, data, frozen=len(data) > 5)
    score_inference_mode(model, data, fast=len(data) > 5)
    score_either_way(model, data, flag=len(data) > 5)
    score_unguarded(model, data, verbose=len(data) > 5)
