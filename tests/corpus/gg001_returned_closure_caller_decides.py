# A factory hands a closure to its callers and never calls it: the closure
# puts the model in eval mode and returns its output as it is. Callers that
# sample run it under no_grad; one that computes a likelihood differentiates
# through it. The closure's own eval() decides nothing: its callers do.
import torch
from torch import nn


def make_score_fn(net: nn.Module, training=False):
    def score_fn(x, t):
        if not training:
            net.eval()
            return net(x, t)
        net.train()
        return net(x, t)

    return score_fn


def make_label_fn(net: nn.Module):
    # Returns labels, not the output: nobody differentiates a list of ints.
    def label_fn(batch):
        net.eval()
        return net(batch).argmax(1).tolist()  # expect: GG001

    return label_fn
