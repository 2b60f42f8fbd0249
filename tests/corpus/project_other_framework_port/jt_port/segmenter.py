# The same network ported to another framework: its nn is that framework's.
import jittor as jt
from jittor import nn


class Segmenter(nn.Module):
    def __init__(self):
        self.head = nn.Conv(3, 2, 1)

    def execute(self, x):
        return self.head(x)
