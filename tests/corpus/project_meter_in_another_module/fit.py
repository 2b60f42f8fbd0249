# A training loop hands its loss, history and all, to a running average of
# another module: that object's sum chains every step's graph across the
# epoch. Handing it loss.item(), or handing it to a meter that makes a number
# of it first, keeps nothing.
import torch
from torch import nn

from tools.meters import Mean, Summed, Tally


def fit(model: nn.Module, loader, opt, epochs=2):
    crit = nn.CrossEntropyLoss()
    for _ in range(epochs):
        kept = Tally("loss")
        plain = Tally("loss, as a number")
        as_float = Mean()
        as_data = Summed()
        for x, y in loader:
            loss = crit(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            kept.add(loss, x.size(0))  # expect: GG002
            plain.add(loss.item(), x.size(0))
            as_float.add(loss, x.size(0))
            as_data.add(loss)
        print(kept.mean, plain.mean, as_float.total)
