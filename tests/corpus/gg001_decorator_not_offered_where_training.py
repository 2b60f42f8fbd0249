# A function that trains and then evaluates: the finding after its loop may
# offer a with-block only. Decorating the function with no_grad would turn
# its training off; the advice never says so.
import torch
from torch import nn


class Ranker(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(6, 6)

    def forward(self, x):
        return self.body(x)


def fit_and_score(model, xs, ys, steps):
    opt = torch.optim.Adam(model.parameters())
    for _ in range(steps):
        loss = (model(xs) - ys).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    final = model(xs)  # expect: GG001; says: wrap the call in torch.no_grad(); says not: decorate
    return final.mean().item()


def score_only(model, xs):
    model.eval()
    out = model(xs)  # expect: GG001; says: or decorate score_only() with @torch.no_grad()
    return out.sum().item()


fit_and_score(Ranker(), torch.randn(3, 6), torch.randn(3, 6), 5)
score_only(Ranker(), torch.randn(3, 6))
