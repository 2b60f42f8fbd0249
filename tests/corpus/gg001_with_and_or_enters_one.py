# `with a and b:` enters only what the `and` gives, b (a context manager is
# truthy); `with a or b:` enters only a. So `accumulate(model) and
# torch.no_grad()` turns grad off, and `torch.inference_mode() and
# autocast()` leaves it on.
import contextlib

import torch
from torch import nn


def validate(accelerator, model: nn.Module, loader):
    model.eval()
    losses = []
    for x, y in loader:
        with accelerator.accumulate(model) and torch.no_grad():
            losses.append(nn.functional.mse_loss(model(x), y).item())
    return losses


def serve(model: nn.Module, batches):
    model.eval()
    outputs = []
    for x in batches:
        with torch.inference_mode() and torch.autocast("cuda"):
            outputs.append(model(x).float().cpu())  # expect: GG001, GG002
    return outputs


def score(model: nn.Module, batches):
    model.eval()
    with torch.no_grad() or contextlib.nullcontext():
        return [model(x).argmax(1) for x in batches]
