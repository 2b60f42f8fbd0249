# A normalizing flow names its inverse `backward`, as many do. A call whose
# value is kept (`x, log_det = flow.backward(z)`) is that method, not
# autograd's backward(), which returns None: the report after eval() runs
# its forwards with grad on for nothing. A `loss.backward()` thrown away as
# a statement is still autograd's, and its function trains.
import torch
from torch import nn


class AffineFlow(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.scale = nn.Parameter(torch.zeros(dim))
        self.shift = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        return x * self.scale.exp() + self.shift, self.scale.sum()

    def backward(self, z):
        return (z - self.shift) * (-self.scale).exp(), -self.scale.sum()


def fit(flow, loader, opt):
    for x in loader:
        z, log_det = flow(x)
        loss = 0.5 * z.pow(2).sum() - log_det
        opt.zero_grad()
        loss.backward()
        opt.step()


def report(flow, loader):
    flow.eval()
    for x in loader:
        z, _ = flow(x)  # expect: GG001
        x_back, _ = flow.backward(z)
        print((x - x_back).abs().max().item())
