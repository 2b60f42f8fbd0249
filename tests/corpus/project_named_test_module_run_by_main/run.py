import sys

import torch
from torch import nn

from yield_test import test


def main(mode, loader):
    model = nn.Sequential(nn.Linear(16, 8), nn.ReLU(), nn.Linear(8, 1))
    model.load_state_dict(torch.load("yield.pt"))
    if mode == "test":
        print(test(model, loader))


if __name__ == "__main__":
    main(sys.argv[1], None)
