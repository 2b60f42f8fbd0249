import torch

volatile = True
config = {"volatile": True}


def wrap(x, volatile=True):
    if volatile:
        return x.detach()
    return x


def main():
    t = torch.ones(3)
    print(wrap(t, volatile))
    print(config["volatile"])
