import copy

import torch
from torch import nn


class Ranker(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 2)

    def forward(self, x):
        return self.fc(x)


# A deep copy of a module is a module by origin, whatever its name: the
# snapshot compared against runs a forward too, and the fix must cover both.
def drift(loader, path):
    net = Ranker()
    net.load_state_dict(torch.load(path))
    before = copy.deepcopy(net)
    net.eval()
    worst = 0.0
    for x, _ in loader:
        a = before(x)  # expect: GG001; fix: safe
        b = net(x)  # expect: GG001; fix: safe
        worst = max(worst, (a - b).abs().max().item())
    return worst
