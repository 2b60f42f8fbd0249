# A model of this file whose forward() returns a tuple with a plain Python
# number in it (a kept-node ratio from .size() counts): summing that part
# over batches keeps no graph, whatever the rest of the output carries. The
# tensor part summed the same way is still found.
import torch
from torch import nn


class Pooler(nn.Module):
    def __init__(self):
        super().__init__()
        self.score = nn.Linear(8, 1)

    def forward(self, x):
        keep = self.score(x).squeeze(-1) > 0
        kept = x[keep]
        share = kept.size(0) / x.size(0)
        penalty = self.score(kept).mean()
        return kept.sum(0), penalty, share


model = Pooler()


def evaluate(loader):
    model.eval()
    total_share, total_penalty = 0, 0
    for x in loader:
        with torch.no_grad():
            out, _, share = model(x)
        total_share += share
    for x in loader:
        out, penalty, share = model(x)  # expect: GG001
        total_share += share
        total_penalty += penalty  # expect: GG002
    return total_share, total_penalty
