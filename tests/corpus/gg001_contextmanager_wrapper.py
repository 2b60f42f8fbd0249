import contextlib

import torch


@contextlib.contextmanager
def evaluating(net):
    was_training = net.training
    net.eval()
    with torch.no_grad():
        yield net
    net.train(was_training)


def validate(net, val_loader):
    losses = []
    with evaluating(net):
        for x, y in val_loader:
            losses.append(torch.nn.functional.mse_loss(net(x), y).item())
    return sum(losses) / len(losses)
