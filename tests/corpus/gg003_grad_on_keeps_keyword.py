import torch
from torch.autograd import Variable


# The keyword is the author's one sign that this input was meant for
# inference. Where grad is on, dropping it alone changes nothing the program
# does and erases that sign, so the fix that drops it is not safe; under
# no_grad it is dead text and goes safely.
def as_input(batch):
    return Variable(batch, volatile=True)  # expect: GG003; fix: unsafe


def as_input_off(batch):
    torch.set_grad_enabled(False)
    return Variable(batch, volatile=True)  # expect: GG003; fix: safe


@torch.no_grad()
def as_input_decorated(batch):
    return Variable(batch, volatile=True)  # expect: GG003; fix: safe
