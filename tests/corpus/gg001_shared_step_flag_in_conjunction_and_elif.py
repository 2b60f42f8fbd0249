# The evaluation flag of a shared step tested inside a conjunction and an
# elif: `if not checking and half:` and `elif not checking:` hold its two
# backward paths, so checking=True runs neither, and its forward is evaluation.
import torch
from torch import nn


class Flow(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Conv2d(6, 2, 3, padding=1)

    def forward(self, a, b):
        return self.net(torch.cat([a, b], 1))


def run(loader, flow, opt, half, checking=False):
    if checking:
        flow.eval()
    total = 0.0
    for a, b, target in loader:
        err = (flow(a, b) - target).abs().mean()  # expect: GG001; says: with checking=True; fix: safe
        total += err.item()
        if not checking and half:
            (err * 128.0).backward()
            opt.step()
        elif not checking:
            err.backward()
            opt.step()
        if checking and half:
            print("half precision check")
        else:
            opt.zero_grad()
    return total


def main(train_loader, val_loader, half):
    flow = Flow()
    opt = torch.optim.Adam(flow.parameters())
    for _ in range(2):
        run(train_loader, flow, opt, half)
        run(val_loader, flow, opt, half, checking=True)
