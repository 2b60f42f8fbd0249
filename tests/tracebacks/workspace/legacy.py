import torch
from torch.autograd import Variable


def test(model, loader):
    model.eval()
    for x in loader:
        x = Variable(x, volatile=True)
        out = model(x)
    return out
