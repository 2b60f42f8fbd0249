import torch.autograd
from torch.autograd import no_grad as ng


def evaluate(model, loader):
    model.eval()
    with ng():
        a = [model(x) for x in loader]
    with torch.autograd.grad_mode.no_grad():
        b = [model(x) for x in loader]
    return a, b
