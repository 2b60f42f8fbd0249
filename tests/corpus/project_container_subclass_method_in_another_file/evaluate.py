import torch

from flows import CouplingStack, Heads, Recurrent


def held_out_density(stack, batches):
    stack.eval()
    total = 0.0
    for x in batches:
        total += stack.log_density(x).mean().item()  # expect: GG001
    return total


def held_out_votes(heads, seqs, batches):
    heads.eval()
    seqs.eval()
    picks = []
    for x in batches:
        picks.append(heads.votes(x).argmax(-1))  # expect: GG001
        picks.append(seqs.summarize(x.unsqueeze(0)).argmax(-1))  # expect: GG001
    return picks


stack = CouplingStack(torch.nn.Linear(4, 4), torch.nn.Tanh())
held_out_density(stack, [torch.randn(2, 4)])
held_out_votes(Heads([torch.nn.Linear(4, 3) for _ in range(2)]), Recurrent(4, 4, batch_first=True), [torch.randn(2, 4)])
