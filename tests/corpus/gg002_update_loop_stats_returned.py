# A policy update: each minibatch's loss is backwarded and stepped inside the
# loop, and a stats dict collects figures for the log, returned to the caller.
# The ratio's mean goes in with its history: the dict is returned, but no
# later backward can want it (its graphs' parameters were stepped in place on
# every iteration). A loop with no backward of its own that sums a loss and
# returns it is a loss summed on purpose: not reported.
import torch
from torch import nn


def update(policy: nn.Module, opt, minibatches, clip=0.2):
    stats = {"loss": 0.0, "ratio": 0.0}
    for obs, act, old_logp, adv in minibatches:
        logp = policy(obs).log_softmax(-1).gather(1, act).squeeze(1)
        ratio = torch.exp(logp - old_logp)
        loss = -torch.min(ratio * adv, ratio.clamp(1 - clip, 1 + clip) * adv).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        stats["loss"] += loss.item()
        stats["ratio"] += ratio.mean()  # expect: GG002
    return stats


def multi_task_loss(encoder: nn.Module, tasks):
    total = 0.0
    for inputs, targets in tasks:
        total += nn.functional.mse_loss(encoder(inputs), targets)
    return total
