# Read right after a file whose text ends inside an f-string, by the same
# parser: the grammar's scanner must not carry "inside an f-string" into
# this text, where it would swallow the dedent before `class` (a false
# SyntaxError) and the one before the module-level line.
import torch
import torch.nn as nn


class Head(nn.Module):
    def __init__(self, width=8):
        super().__init__()
        self.width = width
        self.out = nn.Linear(width, 2)

    def forward(self, x):
        return self.out(x)


head = Head()
