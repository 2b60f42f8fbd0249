# A shared step whose flag names the evaluation half: the backward and the
# step sit under `if not checking:`. A call with checking=True (or a step
# whose default is True) runs no backward, so its forward is evaluation; a
# call that leaves the flag False trains.
import torch
from torch import nn


class PairScorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 1)

    def forward(self, a, b):
        return (self.proj(a) - b).abs().mean()


def pass_over(batches, scorer, opt, checking=False):
    scorer.eval() if checking else scorer.train()
    seen = 0.0
    for a, b in batches:
        err = scorer(a, b)  # expect: GG001; says: with checking=True; fix: safe
        seen += err.item()
        if not checking:
            opt.zero_grad()
            err.backward()
            opt.step()
    return seen


def refine(batches, scorer, opt, frozen=True):
    total = 0.0
    for a, b in batches:
        err = scorer(a, b)  # expect: GG001; says: with frozen=True; fix: safe
        total += err.item()
        if not frozen:
            err.backward()
            opt.step()
    return total


def fit(fit_batches, dev_batches, epochs):
    scorer = PairScorer()
    opt = torch.optim.Adam(scorer.parameters())
    for _ in range(epochs):
        pass_over(fit_batches, scorer, opt)
        pass_over(dev_batches, scorer, opt, checking=True)
        refine(fit_batches, scorer, opt, frozen=False)
    return refine(dev_batches, scorer, opt)
