# The same meter reached through a star import of its module.
import torch
from torch import nn

from tools.meters import *


def fit(model: nn.Module, loader, opt):
    crit = nn.MSELoss()
    running = Tally("mse")
    for x, y in loader:
        loss = crit(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        running.add(loss)  # expect: GG002
    return running.mean
