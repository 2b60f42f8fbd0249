import torch
from torch import nn

from metrics import abs_error, sq_error


class PriceNet(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.body = nn.Linear(width, 1)

    def forward(self, feats, target, scoring=False):
        pred = self.body(feats)
        err = abs_error(pred, target)
        spread = sq_error(pred, target)
        if scoring:
            return pred
        loss = (pred - target).pow(2).mean()
        return loss, err, spread
