# The helper's parameter has a neutral name; every call hands it the module
# the caller built and loaded, so it runs that module. A helper whose caller
# hands it a plain function runs no module.
import numpy as np
import torch
import torch.nn as nn


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 5)

    def forward(self, x):
        return self.proj(x)


def tag_all(thing, rows):
    tags = []
    for row in rows:
        out = thing(row)  # expect: GG001
        tags.append(int(out.argmax()))
    return tags


def through(fn, rows):
    return [fn(r) for r in rows]


def main(path, rows):
    tagger = Tagger()
    tagger.load_state_dict(torch.load(path))
    tagger.eval()
    print(tag_all(tagger, rows))
    print(through(np.mean, rows))
