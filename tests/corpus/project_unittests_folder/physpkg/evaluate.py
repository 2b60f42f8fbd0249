# The package's own evaluation over held-out data: evaluation code.
import torch


def evaluate(model, test_loader):
    model.eval()
    return [model(x).mean().item() for x in test_loader]  # expect: GG001
