# A hand-written linear model: tensors that require grad, and functions
# over them. `net` is bound to a lambda, or to a plain function fetched from
# a helper module, never to a module; the helper that evaluates it and the
# closure that reads it run no model, whatever the name says. (The real
# waste here would be keeping the losses themselves; the closure's caller
# takes .item().)
import torch

import helpers


def linear(x, w, b):
    return x @ w + b


def mean_loss(net, batches, loss):
    total = 0.0
    for x, y in batches:
        total += loss(net(x), y).mean().item()
    return total / len(batches)


def fit(batches, dim, lr=0.1):
    w = torch.zeros(dim, 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)
    net, loss = lambda x: linear(x, w, b), helpers.squared
    for x, y in batches:
        l = loss(net(x), y).mean()
        l.backward()
        with torch.no_grad():
            w -= lr * w.grad
            b -= lr * b.grad
        w.grad.zero_()
        b.grad.zero_()
    return mean_loss(net, batches, loss)


def fit_fetched(features, labels):
    net, loss = helpers.linreg, helpers.squared
    w = torch.zeros(features.shape[1], 1, requires_grad=True)
    b = torch.zeros(1, requires_grad=True)

    def current_loss():
        return loss(net(features, w, b), labels).mean().item()

    return [current_loss()]
