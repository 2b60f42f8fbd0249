# A check someone runs at a debugger: the loaded model's full pass and its
# step-by-step pass on a constant input are compared, and the function then
# always stops in the debugger. It is a debugging session, not evaluation
# code. A NaN trap under an `if` inside a real evaluation loop is no such
# stop: that loop is still evaluation with autograd on.
import pdb

import torch


def check_stepwise(net, width):
    tokens = torch.ones(2, width, dtype=torch.long)
    whole = net(tokens)
    parts = [net.step(t) for t in tokens.unbind(-1)]
    print((whole - torch.stack(parts, 1)).abs().max())
    pdb.set_trace()


def score(net, val_loader):
    total = 0.0
    for tokens, target in val_loader:
        logits = net(tokens)  # expect: GG001
        if torch.isnan(logits).any():
            breakpoint()
        total += (logits.argmax(-1) == target).float().mean().item()
    return total / len(val_loader)


def main(path, val_loader, debug=False):
    net = torch.load(path)
    net.eval()
    if debug:
        check_stepwise(net, 64)
    print(score(net, val_loader))
