# A decoding helper: the validation loop of fc/training.py calls it with grad
# off, but fc/registry.py hands it on through a table of decoders, and the
# evaluator calls what the table holds after model.eval(), with grad on. A
# function handed on is called where the index cannot see: not guarded.
import torch


def greedy_decode(model, src, steps):
    model.eval()
    memory = model.encode(src)  # expect: GG001
    out = [src[:, -1:]]
    for _ in range(steps):
        out.append(model.decode(memory, torch.cat(out, dim=1))[:, -1:])  # expect: GG001, GG002
    return torch.cat(out[1:], dim=1)
