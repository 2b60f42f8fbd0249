import torch


def evaluate(model, loader):
    model.eval()
    hits = 0
    for x, y in loader:
        hits += (model(x).argmax(1) == y).sum().item()  # expect: GG001
    return hits
