# One script, several modes: in one branch `model` is a plain parser; in
# another a tuple assignment binds it anew to a ranking network put in eval
# mode and scored over a file. What the parser branch said of the name does
# not hold after the tuple binds it. The finding is the method's forward,
# its fix on the script's call.
import argparse

import torch
import torch.nn as nn


class Parser(object):
    def __init__(self, path):
        self.path = path

    def run(self, line):
        return line.split()


class Ranker(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 1)

    def prob(self, feats):
        return torch.sigmoid(self.head(feats))  # expect: GG001


def build(path):
    return path.upper(), Ranker()


if __name__ == "__main__":
    args = argparse.ArgumentParser().parse_args()
    if args.parse:
        model = Parser(args.path)
        for line in open(args.path):
            print(model.run(line))
    if args.score:
        name, model = build(args.path)
        model.eval()
        model.load_state_dict(torch.load(args.weights))
        for feats in torch.load(args.feats):
            print(model.prob(feats).item())
