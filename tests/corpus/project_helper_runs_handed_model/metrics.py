import torch
import torch.nn.functional as F


# Runs the module it is handed with grad as the caller leaves it: judged
# where it is called, on the model it is called with.
def mean_loss(loader, net):
    return sum(F.cross_entropy(net(x), y).item() for x, y in loader) / len(loader)


# Trains: a call of it is never evaluation, whatever the model's mode.
def fit_batch(net, opt, x, y):
    loss = F.cross_entropy(net(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.item()


# Evaluation code of its own (a name that says so, over a loop): reported
# here, where its fix belongs, and not again at each call.
def evaluate(net, loader):
    hits = 0
    for x, y in loader:
        hits += (net(x).argmax(1) == y).sum().item()  # expect: GG001
    return hits


# Runs the module through its forward() method: the same as calling it.
def best_rows(net, rows):
    return [net.forward(r).argmax(-1) for r in rows]
