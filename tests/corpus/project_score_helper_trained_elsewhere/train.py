# Trains the feature network with the density score as a loss term; reports
# the score of the held-out set after training, with grad on.
import torch
from ood.density import batch_score, density_score


def train(net, opt, loader, held_out, centre):
    for x, _ in loader:
        score = density_score(net, x, centre)
        loss = (1 - score).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return batch_score(net, held_out, centre)
