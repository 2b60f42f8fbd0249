# A loss over a network's heads, summed afresh for every batch: the inner
# loops add up the parts of one batch's result and run no forward of their
# own, so nothing outlives the batch. The second function's mistake is the
# total over the batches, bound once before them: it keeps every batch's
# graph.
import torch
import torch.nn.functional as F


def evaluate(net, val_loader):
    net.eval()
    for images, masks in val_loader:
        heads = net(images)  # expect: GG001
        loss = F.cross_entropy(heads[0], masks)
        for head in heads[1:]:
            loss += F.cross_entropy(head, masks)
        print(loss.item())


def evaluate_total(net, val_loader):
    net.eval()
    total = 0
    for images, masks in val_loader:
        heads = net(images)  # expect: GG001
        loss = F.cross_entropy(heads[0], masks)
        for head in heads[1:]:
            loss += F.cross_entropy(head, masks)
        total += loss  # expect: GG002
    return total.item()


def fit_cohort(nets, opts, loader):
    # Reset for every batch, but each pass of the inner loop trains a
    # network and adds that step's loss, graph and all: not one result's parts.
    for x, y in loader:
        total = 0
        for i in range(len(nets)):
            loss = F.cross_entropy(nets[i](x), y)
            opts[i].zero_grad()
            loss.backward()
            opts[i].step()
            total += loss  # expect: GG002
        print(total.item())
