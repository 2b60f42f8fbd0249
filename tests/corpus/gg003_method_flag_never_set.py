# The volatile flag handed on by a method of a class: `self.wrap(x)` is every
# call of the method in the file, and none passes the flag, so its default
# (False) is the only value it has: dead text, not reported. A sibling method
# is called with the flag set (positionally, past self), and one no call of
# this file shows: both reported.
import torch
from torch.autograd import Variable


class Solver:
    def wrap(self, x, volatile=False):
        if torch.cuda.is_available():
            x = x.cuda()
        return Variable(x, volatile=volatile)

    def wrap_for_eval(self, x, volatile=False):
        return Variable(x, volatile=volatile)  # expect: GG003

    def wrap_for_others(self, x, volatile=False):
        return Variable(x, volatile=volatile)  # expect: GG003

    def fit(self, net, loader, opt):
        for x, y in loader:
            loss = (net(self.wrap(x)) - self.wrap(y)).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()

    def embed(self, net, x):
        return net(self.wrap_for_eval(x, True))
