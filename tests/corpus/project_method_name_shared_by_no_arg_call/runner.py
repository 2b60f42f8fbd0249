# A plain wrapper whose evaluate(x, h) puts its model in eval mode and runs
# it. Its one caller (scoring.py) is under no_grad. train.py calls another
# class's evaluate() with no argument, which cannot be this method, whatever
# its name: nothing is reported here.
import torch
import torch.nn as nn


class Recurrent(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRU(16, 16)

    def forward(self, x, h):
        return self.cell(x, h)


class StepRunner:
    def __init__(self, device):
        self.model = Recurrent().to(device)

    def evaluate(self, x, h):
        self.model.eval()
        out, h = self.model(x, h)
        return out.transpose(0, 1), h
