import torch


def run_batch(net, batch):
    return net(batch[0]).argmax(1)  # expect: GG001; says: called from report() on line 13 and from 1 other place; fix: safe


# Both loops run the helper with autograd on: the one finding counts the
# second, so that fixing the first does not hide the larger loop.
def report(net, val_loader, test_loader):
    net.eval()
    for b in val_loader:
        run_batch(net, b)
    for b in test_loader:
        run_batch(net, b)
