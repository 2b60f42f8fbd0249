# The project's generators, built by a factory: it picks a class by name,
# binds it to a local (None until a branch builds one), and hands it through
# an initialiser that returns its argument. What comes back is a module by
# its origin, whatever the factory is called.
import torch
import torch.nn as nn


class RingGenerator(nn.Module):
    def __init__(self, channels, width):
        super().__init__()
        self.body = nn.Conv2d(channels, width, 3, padding=1)
        self.head = nn.Conv2d(width, channels, 3, padding=1)

    def forward(self, x):
        return torch.tanh(self.head(self.body(x)))


class StripGenerator(nn.Module):
    def __init__(self, channels, width):
        super().__init__()
        self.body = nn.Conv2d(channels, channels, 1)

    def forward(self, x):
        return self.body(x)


class Palette:
    """A plain colour table: no module."""

    def __init__(self, size):
        self.size = size

    def forward(self, x):
        return x


def init_weights(net, scheme="normal", gain=0.02):
    def init_one(m):
        if hasattr(m, "weight"):
            nn.init.normal_(m.weight.data, 0.0, gain)
        return m

    net.apply(init_one)


def prepare_net(net, scheme="normal", gain=0.02, devices=()):
    if len(devices) > 0:
        net.to(devices[0])
        net = torch.nn.DataParallel(net, devices)
    init_weights(net, scheme, gain=gain)
    return net


def make_generator(kind, channels, width, scheme="normal", devices=()):
    net = None
    if kind == "ring":
        net = RingGenerator(channels, width)
    elif kind == "strip":
        net = StripGenerator(channels, width)
    else:
        raise NotImplementedError(kind)
    return prepare_net(net, scheme, devices=devices)


def make_palette(size):
    table = Palette(size)
    return prepare_net(table)


def restore_generator(path):
    net = RingGenerator(3, 64)
    net.load_state_dict(torch.load(path))
    return net
