# Accuracy under an optional attack, handed in as a parameter of unknown
# class: its `craft` (another file's plain class) runs a backward. The
# forward on the crafted batch wastes a graph and is reported, but a wrap
# of the whole loop would put `craft` under no_grad and break the attack:
# the fix wraps the forward's statement alone.
import torch
from perturbations import SignStep


def accuracy(net, loader, attacker=None):
    net.eval()
    hits = total = 0
    for x, y in loader:
        if attacker is not None:
            x = attacker.craft(x, y)
        scores = net(x)  # expect: GG001 ; fix: safe (statement)
        hits += (scores.argmax(1) == y).sum().item()
        total += y.numel()
    return hits / total


def main(net, loader):
    print(accuracy(net, loader))
    print(accuracy(net, loader, SignStep(net)))
