import math

import torch
from torch import nn


# What a helper of this file returns is what its returns compute, not what
# its name says: a squared log error of two numbers is a Python float.
def sq_log_loss(pred, target):
    return (math.log(pred) - math.log(target)) ** 2


def rank_pairs(net, pairs):
    net.eval()
    errs = []
    with torch.no_grad():
        for x, y in pairs:
            errs.append(sq_log_loss(net(x).item(), y))
    return errs


def rank_pairs_on(net, pairs):
    errs = []
    for x, y in pairs:
        errs.append(sq_log_loss(float(net(x)), y))
    return errs


mse = nn.MSELoss()


# A loss computed from a detached prediction records no graph.
def drift(net, val_loader):
    hist = []
    for x, y in val_loader:
        out = net(x)  # expect: GG001
        hist.append(mse(out.detach().cpu(), y))
        kept = out.detach()
        hist.append(mse(kept, y))
    return hist


# From a prediction with history it does, and so does a loss known by its
# name only; only the torch loss is known to be a tensor, so only it is
# offered .detach() (on anything else it may raise).
def drift_on(net, val_loader, loss_fn):
    net.eval()
    hist = []
    for x, y in val_loader:
        out = net(x)  # expect: GG001
        hist.append(mse(out, y))  # expect: GG002; fix: safe
        hist.append(loss_fn(out, y))  # expect: GG002; fix: none
    return hist
