import torch


def evaluate(model, loader):
    model.eval()
    for x in loader:
        s = "@CTRL@"; out = model(x)
