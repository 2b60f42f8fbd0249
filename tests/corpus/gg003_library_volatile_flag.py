# A fused kernel reads memory with Triton's own `volatile=True` load: a flag
# of that library's call, which removing would change, not autograd's old
# Variable flag. A Variable made volatile in the same file is the no-op.
import torch
import triton
import triton.language as tl
from torch.autograd import Variable


@triton.jit
def copy_kernel(src, dst, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    vals = tl.load(src + offs, mask=offs < n, volatile=True)
    tl.store(dst + offs, vals, mask=offs < n)


def as_input(batch):
    return Variable(batch, volatile=True)  # expect: GG003
