# A coarse-to-fine renderer trains one network per level. Each step loops
# over the levels, picks that level's network and optimizer by the loop's
# variable, and keeps each level's output for the next level's sampling:
# the list holds one output per network, as many as the levels, and is
# made anew every step. Not an accumulation across batches.
import torch


def mse(a, b):
    return ((a - b) ** 2).mean()


def train(models, sampler, steps):
    for step in range(steps):
        rays = sampler.next()
        level_outputs = []
        for level in range(models["levels"]):
            net = models["net_{}".format(level)]
            opt = models["opt_{}".format(level)]
            opt.zero_grad()
            out = net(rays["origin"], rays["direction"])
            level_outputs.append(out)
            loss = mse(out["rgb"], rays["rgb"])
            loss.backward()
            opt.step()


def evaluate(net, loader):
    # The same list over data batches, with grad on: every batch's graph kept.
    outputs = []
    net.eval()
    for rays in loader:
        out = net(rays["origin"], rays["direction"])  # expect: GG001
        outputs.append(out)  # expect: GG002
    return outputs
