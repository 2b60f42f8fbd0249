# Evaluation helpers whose grad mode their callers decide. ../fit.py runs
# accuracy() only inside torch.no_grad(); it runs top1() with grad on, which
# this file runs only under validate()'s no_grad.
import torch


def accuracy(net, batches):
    hits = 0
    for inputs, targets in batches:
        scores = net(inputs)
        hits += (scores.argmax(1) == targets).sum().item()
    return hits


def top1(net, batches):
    net.eval()
    hits = 0
    for inputs, targets in batches:
        scores = net(inputs)
        hits += (scores.argmax(1) == targets).sum().item()
    return hits


def validate(net, batches):
    with torch.no_grad():
        return top1(net, batches)
