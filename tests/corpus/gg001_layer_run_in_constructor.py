# A network that learns its layers' widths while it builds them: each block
# is made in __init__, put in eval mode so normalisation accepts one sample,
# and run on a dummy to read the next width. That is construction, not
# evaluation, whatever the block's class (resolved or brought by a star
# import). Running the finished network over data is evaluation.
import torch
import torch.nn as nn
from layers_lib import *


class Stage(nn.Module):
    def __init__(self, n_in, n_out):
        super().__init__()
        self.conv = nn.Conv2d(n_in, n_out, 3, padding=1)

    def forward(self, x):
        return self.conv(x)


class GrowingNet(nn.Module):
    def __init__(self, encoder, widths):
        super().__init__()
        x = encoder(torch.zeros(1, 3, 32, 32)).detach()
        middle = nn.Sequential(nn.Conv2d(x.shape[1], 16, 3, padding=1)).eval()
        x = middle(x)
        blocks = [encoder, middle]
        for w in widths:
            stage = Stage(x.shape[1], w).eval()
            blocks.append(stage)
            x = stage(x)
        squeeze = conv_block(x.shape[1], 8).eval()
        x = squeeze(x)
        blocks.append(squeeze)
        self.head = nn.Conv2d(x.shape[1], 10, 1)
        self.body = nn.Sequential(*blocks, self.head)

    def forward(self, x):
        return self.body(x)


def predict(net, loader):
    net.eval()
    return [net(x).argmax(1) for x, _ in loader]  # expect: GG001
