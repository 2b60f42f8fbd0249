# Density scores from a network's features. density_score() has a training
# caller in another file that turns the score into a loss term and runs its
# backward: the gradient through the network is needed there, so its name
# is no evidence of evaluation and no wrap may go inside it. batch_score()
# is only ever used to score test data.
import torch


def density_score(net, x, centres):
    feats = net(x)
    probs = []
    for c in centres:
        probs.append(torch.exp(-((feats - c) ** 2).sum(1)))
    return torch.stack(probs, 1).sum(1)


def batch_score(net, batches, centre):
    net.eval()
    return [torch.exp(-((net(x) - centre) ** 2).sum(1)).cpu() for x in batches]  # expect: GG001
