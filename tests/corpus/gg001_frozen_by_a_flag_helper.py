# A helper of the file sets requires_grad of every parameter of the module it
# is handed from its other parameter. A call that hands it False freezes the
# module from there on: the validation pass of a phase loop, whose else branch
# freezes the model, records no graph, and neither does the test loop after
# the last freeze. A call that hands True thaws it again, and a flag the text
# does not spell says nothing.
import torch
from torch import nn


def set_trainable(net, trainable=True):
    for p in net.parameters():
        p.requires_grad = trainable
    net.train(trainable)
    return net


def fit(net, loaders, epochs, opt):
    crit = nn.BCELoss()
    for _ in range(epochs):
        for phase in ["train", "valid"]:
            if phase == "train":
                net = set_trainable(net, True)
            else:
                net = set_trainable(net, False)
            seen = 0.0
            for x, y in loaders[phase]:
                loss = crit(net(x), y)
                if phase == "train":
                    opt.zero_grad()
                    loss.backward()
                    opt.step()
                seen += loss.item()
    net = set_trainable(net, trainable=False)
    return [net(x).argmax(-1) for x, _ in loaders["test"]]


def thawed_then_scored(net, loader):
    set_trainable(net, False)
    set_trainable(net, True)
    net.eval()
    return [net(x) for x, _ in loader]  # expect: GG001


def frozen_as_asked(net, loader, tune):
    set_trainable(net, tune)
    net.eval()
    return [net(x) for x, _ in loader]  # expect: GG001


def main(loaders, tune=False):
    net = nn.Sequential(nn.Linear(8, 1), nn.Sigmoid())
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    fit(net, loaders, 3, opt)
    thawed_then_scored(net, loaders["test"])
    frozen_as_asked(net, loaders["test"], tune)
