# A running mean kept on an object: its add() sums what it is handed into
# an attribute, so a loss tensor handed to it keeps every batch's graph with
# the object. A number (.item()) keeps nothing; a mean made afresh for each
# batch keeps one batch's.
import torch


class RunningMean(object):
    def __init__(self):
        self.total = 0
        self.seen = 0

    def add(self, value, count=1):
        self.last = value
        self.total += value * count
        self.seen += count

    def mean(self):
        return self.total / max(self.seen, 1)


def train_epoch(net, loader, opt):
    tracked = RunningMean()
    plain = RunningMean()
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(net(x), y)
        tracked.add(loss, x.size(0))  # expect: GG002
        plain.add(loss.item(), x.size(0))
        opt.zero_grad()
        loss.backward()
        opt.step()
        fresh = RunningMean()
        fresh.add(loss)
    return tracked.mean(), plain.mean()
