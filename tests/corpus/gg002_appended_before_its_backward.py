import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(16, 4)

    def forward(self, x):
        return self.body(x)

    def step_loss(self, batch):
        x, y = batch
        return F.cross_entropy(self(x), y)


def fit(model, loader, optimizer):
    # The loss comes from a method of the model, and is kept before the
    # backward that runs on it in the same iteration: the graph is kept.
    kept = []
    for batch in loader:
        loss = model.step_loss(batch)
        kept.append(loss)  # expect: GG002
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    return torch.stack(kept).mean()


def fit_logged(model, loader, optimizer):
    # Kept as a number: nothing of the graph survives the iteration.
    kept = []
    for batch in loader:
        loss = model.step_loss(batch)
        kept.append(loss.item())
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    return sum(kept) / len(kept)


def fit_scaled(model, loader, optimizer):
    # The name is bound again before the backward: that backward runs on
    # another value, and the kept one is known by nothing else.
    kept = []
    for batch in loader:
        loss = model.step_loss(batch)
        kept.append(loss)
        loss = loss / 4
        loss.backward()
        optimizer.step()
    return kept
