import torch


def validate(model, loader):
    model.eval()
    total = 0.0
    for x, y in loader:
        loss = model(x).sum()  # expect: GG001
        total += loss  # expect: GG002
    return total
