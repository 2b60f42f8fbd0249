# A module's own step method trains only when it is handed an optimizer.
# Called on the model from evaluation with None in the optimizer's place,
# its forward runs with autograd on for nothing. The instance is not an
# argument: the flag is found one place earlier than its parameter.
import torch
from torch import nn


class Imputer(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.rnn = nn.GRU(width, width, batch_first=True)

    def forward(self, series):
        out, _ = self.rnn(series)
        return {"loss": out.pow(2).mean(), "filled": out}

    def step(self, series, optimizer, epoch=None):
        ret = self(series)  # expect: GG001; says: with optimizer=None
        if optimizer is not None:
            optimizer.zero_grad()
            ret["loss"].backward()
            optimizer.step()
        return ret


def fit(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    for _ in range(epochs):
        model.train()
        for series in loader:
            model.step(series, optimizer)
        score(model, loader)


def score(model, loader):
    model.eval()
    filled = []
    for series in loader:
        ret = model.step(series, None)
        filled.append(ret["filled"].data.cpu().numpy())
    return filled


fit(Imputer(8), [], 3)
