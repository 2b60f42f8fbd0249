# Two running averages of the file. Averager.add binds what it is handed
# anew to the data's sum before adding it to its object, so a loss handed to
# it leaves no graph there; Keeper.add adds what it is handed as it is.
import torch
from torch import nn


class Averager(object):
    def __init__(self):
        self.count = 0
        self.total = 0

    def add(self, v):
        if torch.is_tensor(v):
            count = v.numel()
            v = v.detach().sum()
        else:
            count = 1
        self.count += count
        self.total += v


class Keeper(object):
    def __init__(self):
        self.total = 0

    def add(self, v):
        self.total += v


def fit(model: nn.Module, loader, opt):
    crit = nn.L1Loss()
    avg = Averager()
    keep = Keeper()
    for x, y in loader:
        loss = crit(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        avg.add(loss)
        keep.add(loss)  # expect: GG002
    return avg.total / max(avg.count, 1), keep.total
