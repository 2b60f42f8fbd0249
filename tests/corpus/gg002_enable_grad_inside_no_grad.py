import torch
from torch import nn


def refine(model, loader):
    criterion = nn.CrossEntropyLoss()
    total = 0
    with torch.no_grad():
        for x, y in loader:
            with torch.enable_grad():
                out = model(x)
                total += criterion(out, y)  # expect: GG002
    print(total.item())
