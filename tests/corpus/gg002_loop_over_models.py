import torch
from torch import nn


# A loop over models keeps one output per model, as many as the list names:
# that is no accumulation over data. The forwards themselves still run with
# grad on after eval().
def compare_nets(nets, probe, epochs):
    for _ in range(epochs):
        hidden = []
        for net in nets:
            net.eval()
            out = net(probe)  # expect: GG001
            hidden.append(out)
            net.train()
        print([h.shape for h in hidden])


# Over data, the same append keeps every batch's graph.
def collect(net, val_loader):
    net.eval()
    outs = []
    for x in val_loader:
        out = net(x)  # expect: GG001
        outs.append(out)  # expect: GG002
    return torch.cat(outs)
