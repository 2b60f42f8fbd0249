# Both branches of an if/else put the same name in eval mode (a copy of the
# network, or the network itself): the loop after the if runs in eval mode,
# as after one `.eval()` of the block.
import copy

import torch


def score_all(net, loader, keep_original=False):
    if keep_original:
        scorer = copy.deepcopy(net)
        scorer.eval()
    else:
        scorer = net
        scorer.eval()
    preds = []
    for batch, _ in loader:
        preds.append(scorer(batch).cpu().detach())  # expect: GG001
    scorer.train()
    return torch.cat(preds)


def score_some(net, loader, keep_original=False):
    # Only one branch sets eval mode: no evidence on the other path.
    if keep_original:
        scorer = copy.deepcopy(net)
        scorer.eval()
    else:
        scorer = net
    return [scorer(batch) for batch, _ in loader]
