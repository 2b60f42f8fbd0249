# A 0.3-era helper passes its own flag on to Variable. One helper's flag is
# never set by any call (its default, False, is the only value it ever has):
# dead text, no sign of evaluation, not reported. The other's is set by a call
# (volatile=True): the author meant it to turn autograd off.
import torch
from torch.autograd import Variable


def as_input(x, use_gpu=True, frozen=False):
    if use_gpu:
        x = x.cuda()
    return Variable(x, volatile=frozen)


def as_eval_input(x, volatile=False):
    return Variable(x, volatile=volatile)  # expect: GG003


def train(net, loader, opt):
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(net(as_input(x)), as_input(y))
        opt.zero_grad()
        loss.backward()
        opt.step()


def features(net, x):
    return net(as_eval_input(x, volatile=True))  # expect: GG003
