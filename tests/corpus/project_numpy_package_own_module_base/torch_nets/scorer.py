# A torch network elsewhere in the project, evaluated with autograd on.
import torch
from torch import nn


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


def score(loader):
    model = Scorer()
    model.load_state_dict(torch.load("scorer.pt"))
    model.eval()
    return [model(x) for x in loader]  # expect: GG001
