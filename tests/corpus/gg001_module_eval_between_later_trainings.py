# A notebook-shaped script: a flow is fitted, put in eval mode for a plot of
# its density over a grid, put back in train mode, and then a second flow is
# built under the same name and fitted further down. The later backward reads
# nothing the plotted forward returned, so it cannot need that forward's graph:
# the plot is evaluation with autograd on. A forward whose result does feed a
# later loss is that loss's business and stays silent.
import torch
from torch import nn


class Flow(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(2, width), nn.Tanh(), nn.Linear(width, 1))

    def density(self, pts):
        return self.body(pts).squeeze(-1)  # expect: GG001; says: called from module level on line 32


grid = torch.cartesian_prod(torch.linspace(-3, 3, 200), torch.linspace(-3, 3, 200))
data = torch.randn(4096, 2)

flow = Flow(64)
opt = torch.optim.Adam(flow.parameters(), lr=1e-3)
for step in range(500):
    opt.zero_grad()
    nll = -flow.density(data).mean()
    nll.backward()
    opt.step()

flow.eval()
dens = flow.density(grid).view(200, 200)
flow.train()
picture = torch.exp(dens)
print(picture.mean().item())

flow = Flow(128)
opt = torch.optim.Adam(flow.parameters(), lr=1e-3)
for step in range(500):
    opt.zero_grad()
    nll = -flow.density(data).mean()
    nll.backward()
    opt.step()

flow.eval()
anchors = flow.body(data[:256])
flow.train()
refit = (anchors - flow.body(data[:256])).pow(2).mean()
refit.backward()
