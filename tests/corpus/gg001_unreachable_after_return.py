# An evaluation left below a bare `return` (switched off by its author):
# nothing after the return runs, so nothing there is reported.
import torch


class Tuner:
    def __init__(self, net, test_batches):
        self.net = net
        self.test_batches = test_batches

    def test(self):
        return
        self.net.eval()
        for x, y in self.test_batches:
            hits = (self.net(x).argmax(1) == y).sum()
        return hits

    def score(self):
        self.net.eval()
        total = 0
        for x, y in self.test_batches:
            total += (self.net(x).argmax(1) == y).sum().item()  # expect: GG001
        return total
