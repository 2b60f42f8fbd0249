# Python 2 code. `print >>log, x` compiles in Python 3 (a tuple of a
# shift, which fails only when run), so CPython's SyntaxError is at the first
# bare `print x` below it.
import sys

import torch


def report(log, epoch, loss):
    print >> log, 'epoch:', epoch
    print >> log, 'loss:', loss
    print 'epoch:', epoch  # expect: GG000; says: Missing parentheses in call to 'print'
