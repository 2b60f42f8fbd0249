import torch

from fc.decoding import greedy_decode


def validate(model, loader, crit):
    total = 0.0
    with torch.no_grad():
        for src, tgt in loader:
            total += crit(greedy_decode(model, src, tgt.shape[1]), tgt).item()
    return total / len(loader)
