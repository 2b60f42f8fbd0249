# A module's own method named like a forward method (`decode`) is what its
# body does: one that turns ids into text runs no submodule and is no
# forward, wherever it is called; one that runs a layer is reported at that
# layer, through the evaluation that calls it.
import torch
from torch import nn


class Reader(nn.Module):
    def __init__(self, net, table):
        super().__init__()
        self.net = net
        self.table = table

    def decode(self, ids):
        return "".join(self.table[i] for i in ids)

    def read(self, loader):
        self.net.eval()
        texts = []
        for x in loader:
            with torch.no_grad():
                ids = self.net(x).argmax(-1)
            for row in ids.tolist():
                texts.append(self.decode(row))
        return texts


class Sketcher(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(4, 8)

    def decode(self, z):
        return self.head(z)  # expect: GG001

    def sample(self, codes):
        self.eval()
        return [self.decode(z) for z in codes]
