import torch
import torch.nn.functional as F


def multiscale_loss(preds, targets):
    total = 0
    for p, t in zip(preds, targets):
        total = total + F.l1_loss(p, t)
    return total


class Pyramid(torch.nn.Module):
    def __init__(self, heads):
        super().__init__()
        self.heads = torch.nn.ModuleList(heads)

    def forward(self, feats):
        outs = []
        for head, f in zip(self.heads, feats):
            outs.append(head(f))
        return outs
