import torch


def probe(model, x):
    model.eval()
    first = model(x)  # expect: GG001
    model.train()
    second = model(x)
    return first, second
