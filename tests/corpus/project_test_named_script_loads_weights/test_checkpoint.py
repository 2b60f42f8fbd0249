# Named like a pytest module, with a test() of its own, but it reads its
# command line at import (pytest's arguments would fail it) and loads the
# checkpoint it names: a script that evaluates on the test split.
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--checkpoint")
args = parser.parse_args()

model = torch.load(args.checkpoint)


def test(loader):
    model.eval()
    correct = 0
    for x, y in loader:
        correct += (model(x).argmax(1) == y).sum().item()  # expect: GG001
    return correct


test(torch.load("test_split.pt"))
