# Losses written as modules that hold nothing: their forward is a fixed
# function of what they are handed.
import torch.nn as nn
import torch.nn.functional as F

__all__ = ["MutualKL"]


class MutualKL(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, mine, theirs):
        return F.kl_div(F.log_softmax(mine, 1), F.softmax(theirs, 1), reduction="batchmean")
