import torch
from torch import nn


# A helper called only while a module is built (from __init__) infers a
# layer's output size: construction, not evaluation, even though its name
# says "infer" and its caller runs it once per layer in a loop.
def infer_width(layer, channels, length):
    probe = torch.randn(2, channels, length)
    probe = layer(probe)
    return probe.size(1) * probe.size(2)


class Stack(nn.Module):
    def __init__(self, channels, length, depth):
        super().__init__()
        self.layers = nn.ModuleList()
        for _ in range(depth):
            layer = nn.Conv1d(channels, channels, 3, padding=1)
            self.layers.append(layer)
            self.width = infer_width(layer, channels, length)

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


# Over evaluation data, after eval(), the same kind of helper is evaluation.
def infer_all(layer, val_loader):
    layer.eval()
    return [layer(x) for x in val_loader]  # expect: GG001
