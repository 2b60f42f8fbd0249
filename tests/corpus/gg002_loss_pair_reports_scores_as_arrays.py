# A criterion returns its loss and, beside it, per-class scores it has
# already copied out as an array (.detach().cpu().numpy()). Summing those
# scores over the epoch keeps no graph: only the loss carries history. The
# same holds for a criterion handed in as a parameter, known only by its
# name: what it returns beside the loss is not known to be a tensor with
# history. Summing the loss itself is the mistake.
import torch
import torch.nn as nn


class OverlapLoss(nn.Module):
    def forward(self, pred, target):
        per_class = (pred.sigmoid() * target).sum(0) / (target.sum(0) + 1)
        return 1 - per_class.mean(), per_class.detach().cpu().numpy()


def fit(net, loader, opt):
    criterion = OverlapLoss()
    first_class = 0
    for images, masks in loader:
        loss, per_class = criterion(net(images), masks)
        loss.backward()
        opt.step()
        first_class += per_class[0]
    return first_class


def fit_with(net, loader, opt, criterion):
    total, scores = 0, 0
    for images, masks in loader:
        loss, per_class = criterion(net(images), masks)
        loss.backward()
        opt.step()
        scores += per_class[1]
        total += loss  # expect: GG002
    return total, scores
