# A model's forward runs its propagation helper with a switch left off (the
# switch, on, makes the edge weights require grad for an explanation method).
# The helper's `requires_grad_()` under the switch is no training half of a
# shared step: the forward runs in its callers' mode, the training loop's
# included, so nothing in it is evaluation and no wrap may go there.
import torch
from torch import nn


class Propagator(nn.Module):
    def __init__(self, dim, layers=3):
        super().__init__()
        self.query = nn.Embedding(10, dim)
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(layers))

    def propagate(self, rel, weights, trace_grad=False):
        state = self.query(rel)
        for layer in self.layers:
            if trace_grad:
                weights = weights.clone().requires_grad_()
            state = torch.relu(layer(state)) * weights.mean()
        return state

    def forward(self, rel, weights):
        return self.propagate(rel, weights)

    def explain(self, rel, weights):
        return self.propagate(rel, weights, trace_grad=True)


def fit(model, batches, opt):
    for rel, weights, target in batches:
        loss = (model(rel, weights) - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
