# volatile set at run time on torch's Variable (`not training`, a parameter)
# is the same no-op as volatile=True: on the evaluation path it was meant to
# turn autograd off, and it does nothing. None (and False) never asked for it,
# and another library's `volatile=` keyword is not torch's.
import torch
from torch.autograd import Variable


def prepare(x, training, cache):
    v = Variable(x, volatile=not training)  # expect: GG003; says: volatile=not training has had no effect
    w = Variable(x, volatile=None)
    cache.put(x, volatile=not training)
    return v, w
