import torch
from torch import nn

from helpers.switches import frozen_mode, quiet_mode


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(16, 4)

    def forward(self, x):
        return self.body(x)


# The context class enters the no_grad it made in __init__ (under a flag the
# caller sets): grad is off, or controlled on purpose.
def evaluate(scorer, test_loader):
    with frozen_mode(scorer, grad_off=True):
        return [scorer(x).argmax(-1) for x, _ in test_loader]


# A class that enters a stored context unrelated to autograd turns nothing off.
def evaluate_quietly(scorer, test_loader):
    scorer.eval()
    with quiet_mode(scorer):
        return [scorer(x).argmax(-1) for x, _ in test_loader]  # expect: GG001


if __name__ == "__main__":
    scorer = Scorer()
    scorer.load_state_dict(torch.load("scorer.pt"))
    loader = torch.load("test_batches.pt")
    print(evaluate(scorer, loader), evaluate_quietly(scorer, loader))
