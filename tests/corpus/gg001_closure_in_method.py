import torch
from torch import nn


class FlowHead(nn.Module):
    """A module's sampling method: the policy that owns the head calls it
    under no_grad from another file. A closure defined inside it stands as
    the method does: its name is no evidence."""

    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(8, 8) for _ in range(4)])
        self.head = nn.Linear(8, 8)

    def sample(self, x, steps):
        def predict_step(h):
            for block in self.blocks:
                h = block(h)
            return self.head(h)

        for _ in range(steps):
            x = x + predict_step(x)
        return x

    def forward(self, x, target=None):
        if target is None:
            return self.sample(x, 4)
        return ((self.head(x) - target) ** 2).mean()


class Rollout:
    """A plain class whose method nothing in this file calls: its API, called
    from elsewhere; the closure's name is no evidence either."""

    def __init__(self, model):
        self.model = model

    def unroll(self, states):
        def predict(state):
            return self.model(state)

        return [predict(s) for s in states]


class Scorer:
    """The same shape, called from outside the class here: the closure's
    name is evidence again, as the method's would be."""

    def __init__(self, model):
        self.model = model

    def score_all(self, batches):
        def predict(batch):
            return self.model(batch)  # expect: GG001

        return [predict(b) for b in batches]


def report(model, batches):
    return Scorer(model).score_all(batches)
