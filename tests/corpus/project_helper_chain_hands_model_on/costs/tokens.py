# Runs the network it is handed: the forward, with grad as its caller left it.
import torch


def token_costs(net, tokens):
    logits = net(tokens[:, :-1])
    return torch.nn.functional.cross_entropy(logits.transpose(1, 2), tokens[:, 1:], reduction="none")
