# The same wrapper shape, its network's class reached through a star import.
import torch
from interp.flow import *


class StarInterpolator:
    def __init__(self):
        self.flow = FlowNet()

    def middle(self, a, b):
        return self.flow(torch.cat([a, b], 1))
