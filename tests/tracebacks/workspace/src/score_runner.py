import torch

from .wrappers import frozen


def score_batches(net, batches):
    net.eval()
    totals = []
    for xb in batches:
        logits = net.forward(xb)
        totals.append(logits.argmax(1))
    return totals


def report(net, batches):
    with torch.inference_mode():
        return list(score_batches(net, batches))


def report_unguarded(net, batches):
    return score_batches(net, batches)


@frozen
def report_wrapped(net, batches):
    return score_batches(net, batches)
