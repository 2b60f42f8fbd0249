# GG002 asks GG001's model what evaluation code is, not only the function's
# name: a function that calls model.eval() itself, or one an evaluation
# caller runs with grad on, returns its gathered outputs as results, and
# every batch's graph comes along. A function with no such evidence that
# returns gathered outputs may be building a loss elsewhere: not reported.
import torch


def collect(model, loader):
    model.eval()
    outs = []
    for x in loader:
        outs.append(model(x))  # expect: GG001, GG002
    return torch.cat(outs)


def gather(model, loader):
    outs = []
    for x in loader:
        outs.append(model(x))
    return torch.cat(outs)


def run_epoch(model, loader, opt):
    for x in loader:
        loss = gather(model, [x]).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
