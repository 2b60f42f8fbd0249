import torch


def evaluate(model, loader):
    model.eval()
    total = 0
    for x, y in loader:
        out = model(x)
        total += (out.argmax(1) == y).sum().item()
    return total
