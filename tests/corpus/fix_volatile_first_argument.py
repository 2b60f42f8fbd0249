import torch
from torch.autograd import Variable


def infer(x):
    with torch.no_grad():
        return Variable(volatile=True, data=x)  # expect: GG003; fix: safe
