# An operation counter: hooks that tally each layer's work are registered,
# the model is put in eval mode and run once on a tensor of zeros, its
# output dropped; the hooks' tallies are what is read. One pass on synthetic
# input outside any loop keeps nothing past its statement: not evaluation
# (SPEC §2's warm-up). A loop of such passes is the work a benchmark
# measures and stays reported (gg001_warmup_and_export.py).
import torch
from torch import nn


def count_ops(model, shape):
    tallies = {}

    def attach(layer):
        if isinstance(layer, nn.Linear):
            def tally(mod, inputs, output):
                tallies[mod] = output.numel() * mod.in_features
            layer.register_forward_hook(tally)

    model.eval()
    model.apply(attach)
    probe = torch.zeros(shape)
    model(probe)
    return sum(tallies.values())


def score(model, loader):
    model.eval()
    return [model(x).argmax(1) for x in loader]  # expect: GG001


if __name__ == "__main__":
    net = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 2))
    print(count_ops(net, (1, 8)))
