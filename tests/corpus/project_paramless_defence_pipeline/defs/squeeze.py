# A bit-depth squeeze: numbers only, computed from what the constructor is given.
import torch

from .base import Processor


class Squeeze(Processor):
    def __init__(self, bits, lo=0.0, hi=1.0):
        super().__init__()
        self.bits = bits
        self.top = 2 ** bits - 1
        self.lo = lo
        self.hi = hi

    def forward(self, x):
        return torch.round((x - self.lo) / (self.hi - self.lo) * self.top) / self.top
