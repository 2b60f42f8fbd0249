# A module's forward() that switches a submodule to eval behaviour: training
# runs this forward too, so whether autograd records is its callers' choice.
# Its caller here runs under no_grad; an evaluation function that calls the
# wrapper with grad on is still found there.
import torch
from torch import nn


class FrozenHead(nn.Module):
    def __init__(self, head):
        super().__init__()
        self.head = head

    def forward(self, feats):
        head = self.head.eval()
        return head(feats.flatten(1)).detach()


class Reader:
    def __init__(self, wrapper):
        self.wrapper = wrapper

    @torch.no_grad()
    def read(self, feats):
        return self.wrapper(feats)


def evaluate(wrapper, loader):
    wrapper.eval()
    return [wrapper(x) for x in loader]  # expect: GG001
