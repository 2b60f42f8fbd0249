# Evaluation helpers that leave grad to their callers: the training script
# in the folder above runs score_split() only inside torch.no_grad(), and
# nothing in this file calls it. score_once() is called from there with
# grad on.
import torch


def score_split(model, loader):
    total = 0.0
    for x, y in loader:
        out = model(x)
        total += (out.argmax(1) == y).float().sum().item()
    return total


def score_once(model, loader):
    total = 0.0
    for x, y in loader:
        out = model(x)  # expect: GG001
        total += (out.argmax(1) == y).float().sum().item()
    return total
