import torch


def validate(model, loader):
    model.eval()
    for x in loader:
        model(x)  # expect: GG001
