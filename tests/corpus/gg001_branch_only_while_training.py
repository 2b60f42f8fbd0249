# A step shared by training and validation picks its branch from the
# module's own mode flag. The branch under `if net.training:` runs only while
# the module trains (the validation caller has just called .eval(), so it
# never gets there), and training needs its graph: nothing to report there.
# The branch a module in eval mode takes is evaluation; under `if not
# net.training:` it runs with autograd on when nobody turned it off.
import torch


def shared_step(net, batch):
    if net.training:
        scores = net(batch)
    else:
        with torch.no_grad():
            scores = net(batch)
    return scores.logsumexp(-1).mean()


def fit_epoch(net, loader, opt):
    net.train()
    for batch in loader:
        opt.zero_grad()
        shared_step(net, batch).backward()
        opt.step()


def validate(net, loader):
    net.eval()
    return sum(shared_step(net, b).item() for b in loader) / len(loader)


def scored_step(net, batch):
    if not net.training:
        scores = net(batch)  # expect: GG001
    else:
        scores = net(batch)
    return scores.max(-1).values.mean()


def ranked(net, loader):
    net.eval()
    return [scored_step(net, b).item() for b in loader]
