import torch
from torch.autograd import Variable


def prepare(x, training):
    v = Variable(x, volatile=not training)
    w = Variable(x, volatile=None)
    return v, w
