import torch


def validate(model, loader):
    model.eval()
    for x in loader:
        out = model(x)  # noqa: F841
    outs = []
    for x in loader:
        outs.append(model(x))
    return outs
