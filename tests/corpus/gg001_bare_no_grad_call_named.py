# `torch.no_grad()` written as a statement builds a context manager and drops
# it: autograd stays on. The report names that line, so the reader sees why.
import torch
import torch.nn as nn


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 10)

    def forward(self, x):
        return self.fc(x)


def predict(paths, weights):
    model = Classifier().eval()
    model.load_state_dict(torch.load(weights))
    torch.no_grad()
    labels = []
    for p in paths:
        x = torch.load(p)
        labels.append(model(x).argmax(1).item())  # expect: GG001; says: the bare no_grad() call on line 19 turns nothing off
    return labels
