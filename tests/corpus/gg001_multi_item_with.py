import contextlib

import torch


def evaluate(model, x, path):
    model.eval()
    with open(path) as log, torch.no_grad():
        y = model(x)
    with (
        contextlib.suppress(KeyError),
        torch.autograd.no_grad(),
    ):
        z = model(x)
    with torch.cuda.amp.autocast():
        w = model(x)  # expect: GG001
    return y, z, w
