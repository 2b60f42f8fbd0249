# A local name rebound in one function: what its last assignment there made
# it decides. The loaded network is a model where it is called; the same
# name bound to a plain function afterwards is not, nor is the name in
# another function that never assigns it a model.
import importlib

import torch


def render(kind, image):
    op = torch.hub.load("org/nets", "edges")
    op.eval()
    edges = op(image)  # expect: GG001
    mod = importlib.import_module("imageops")
    op = getattr(mod, kind)
    blurred = op(image)
    return edges, blurred


def apply(op, image):
    return op(image)


def predict_upscaled(path, image, fast):
    # Moving or wrapping the model rebinds the name to the same module.
    net = torch.load(path)
    if fast:
        net = net.half().to("cuda")
    net = torch.compile(net)
    return net(image)  # expect: GG001


def predict_tiles(image, tiles):
    op = torch.hub.load("org/nets", "tiles")

    def pick(i):
        op = tiles[i]  # a local of pick(), not the loaded network
        return op

    first = pick(0)
    return op(image), first  # expect: GG001
