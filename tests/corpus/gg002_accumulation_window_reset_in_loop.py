# Gradient accumulation of one step: each step's loss is backwarded at once
# and summed for the log; every `accum` steps (accum is 1: every step) the
# optimizer steps, the sum is logged and bound afresh to 0. It keeps one
# step's graph, no more than the step itself: no report. A reset every N
# steps keeps N steps' graphs and is reported (gg002_log_every_n_steps.py), as
# is a sum the loop never resets.
import torch
from torch import nn

accum = 1


def fit(model: nn.Module, loader, opt, epochs=3):
    crit = nn.BCEWithLogitsLoss()
    for epoch in range(epochs):
        window = 0
        for i, (x, y) in enumerate(loader):
            loss = crit(model(x), y) / accum
            window += loss
            loss.backward()
            if (i + 1) % accum == 0:
                opt.step()
                opt.zero_grad()
                print(epoch, i, window.item())
                window = 0


def fit_and_keep_all(model: nn.Module, loader, opt):
    crit = nn.MSELoss()
    seen = 0
    for x, y in loader:
        loss = crit(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        seen += loss  # expect: GG002
    return seen
