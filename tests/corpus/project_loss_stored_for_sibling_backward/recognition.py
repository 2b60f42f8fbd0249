import torch
from torch import nn


class Recognizer(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Linear(6, 4)

    def forward(self, x):
        return self.embed(x)


def define_recognizer(path):
    net = Recognizer()
    net.load_state_dict(torch.load(path))
    net.eval()
    return net
