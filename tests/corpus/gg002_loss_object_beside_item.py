import torch
from torch import nn

smooth = nn.SmoothL1Loss()


def fit(net, batches, opt):
    seen = 0.0
    penalty = 0.0
    for xb, yb in batches:
        opt.zero_grad()
        err = smooth(net(xb), yb)
        err.backward()
        opt.step()
        seen += err.item()
        penalty += smooth(net(xb), yb)  # expect: GG002
    print(penalty)
    return seen
