# The class is chosen by a flag, in an expression or in two branches; each
# choice is one of the file's module classes, so what is built is a module
# either way, whatever the name it is built through.
import torch
import torch.nn as nn
from torch.utils.data import DataLoader


class Small(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 3)

    def forward(self, x):
        return self.fc(x)


class Large(Small):
    def __init__(self):
        super().__init__()
        self.extra = nn.Linear(3, 3)

    def forward(self, x):
        return self.extra(self.fc(x))


def score(f, dataset):
    loader = DataLoader(dataset, batch_size=64)
    hits = 0
    for x, y in loader:
        hits += (f(x).argmax(1) == y).sum().item()  # expect: GG001
    return hits


def main(dataset, small, path):
    arch = Small if small else Large
    f = arch()
    f.load_state_dict(torch.load(path))
    print(score(f, dataset))


def main_branches(test_loader, small, path):
    if small:
        arch = Small
    else:
        arch = Large
    f = arch()
    f.load_state_dict(torch.load(path))
    for x, y in test_loader:
        print(f(x).argmax(1))  # expect: GG001
