import torch
from torch import nn


@torch.no_grad()
def predict(model: nn.Module, loader):
    model.eval()
    logits = []
    for batch in loader:
        logits.append(model(batch))
    return torch.cat(logits)


@torch.inference_mode()
def score(model, loader, loss_fn):
    total = 0
    for x, y in loader:
        total = total + loss_fn(model(x), y)
    return total
