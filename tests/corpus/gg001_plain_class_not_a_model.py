# A helper object named like a model (self.encoder, self.decoder) that the
# file builds from a plain class, directly or through a factory function:
# its decode() is text processing, not a forward. A real module next to it
# is still reported.
import torch
from torch import nn


class CharTable:
    def __init__(self, symbols):
        self.symbols = symbols

    def decode(self, ids):
        return "".join(self.symbols[i] for i in ids)


class Lookup(object):
    def __call__(self, ids):
        return [i + 1 for i in ids]


def make_table():
    if torch.cuda.is_available():
        return CharTable("abc")
    table = CharTable("xyz")
    return table


class Speller:
    def __init__(self, net):
        self.encoder = make_table()
        self.decoder = Lookup()
        self.net = net

    def decode(self, ids):
        return self.encoder.decode(ids.tolist())

    def predict(self, ids):
        shifted = self.decoder(ids.tolist())
        self.net.eval()
        return self.net(torch.tensor(shifted))  # expect: GG001
