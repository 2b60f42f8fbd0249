import torch
from torch import nn


class NeuralNet(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def validation_step(self, Xi, yi):
        y_pred = self(Xi)  # expect: GG001
        return nn.functional.cross_entropy(y_pred, yi)
