# An evaluation function unwraps the parallel wrapper it may be handed
# (`model = model.module` when distributed): the wrapped model is still a
# model, put in eval mode and run over the data with grad on. A plain
# attribute fetched the same way (a method, a config) is no model.
import torch
from torch import nn


class Embedder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(5, 3)

    def forward(self, x):
        return self.proj(x)


def gather_embeddings(model, loader, distributed):
    if distributed:
        model = model.module
    model.eval()
    rows = []
    for x in loader:
        rows.append(model(x).detach().cpu())  # expect: GG001
    return rows


def describe(model):
    settings = model.config
    return settings(1)


def fit(loader, distributed):
    model = Embedder()
    if distributed:
        model = nn.parallel.DistributedDataParallel(model)
    opt = torch.optim.Adam(model.parameters())
    for x in loader:
        loss = model(x).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return gather_embeddings(model, loader, distributed)
