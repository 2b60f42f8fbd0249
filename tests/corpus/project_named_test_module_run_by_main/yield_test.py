# Named like a pytest module, but the project's own entry point imports it and
# runs its test() over the held-out years: evaluation code, whatever pytest
# would collect from its name.
import torch
from torch import nn


def test_epoch(model: nn.Module, loader):
    model.eval()
    preds = []
    for features, _ in loader:
        pred = model(features)  # expect: GG001
        preds.append(pred)  # expect: GG002
    return torch.cat(preds)


def test(model, loader):
    return test_epoch(model, loader).mean().item()
