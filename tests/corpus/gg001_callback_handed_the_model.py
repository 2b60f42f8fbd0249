import torch
from torch import nn


def time_inference(net: nn.Module, batch, repeats=10, run_fn=None):
    # run_fn is the caller's code and is handed the model: it may train it
    # (a backward inside), so no fix may put the loop under no_grad; the
    # model's own branch may be wrapped alone.
    net.eval()
    for _ in range(repeats):
        if run_fn is not None:
            _ = run_fn(net, batch)
        else:
            _ = net(batch)  # expect: GG001; says: wrap the call in torch.no_grad(); fix: safe


def score(net: nn.Module, loader, criterion):
    # criterion is handed outputs only: the loop is still one wrap.
    net.eval()
    total = 0.0
    for x, y in loader:
        out = net(x)  # expect: GG001; fix: safe
        total += criterion(out, y).item()
    return total
