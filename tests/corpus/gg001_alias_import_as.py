import torch as th


def evaluate(net, loader):
    net.eval()
    with th.no_grad():
        for x in loader:
            net(x)
    for x in loader:
        net(x)  # expect: GG001
