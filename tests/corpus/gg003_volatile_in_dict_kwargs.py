import torch
from torch.autograd import Variable

kwargs = dict(volatile=True)  # expect: GG003


def wrap(x):
    opts = {"volatile": True}
    return Variable(x, **opts)
