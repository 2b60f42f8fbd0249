# A generator context manager that yields inside a plain `with no_grad():`:
# the only grad-mode words of the file are that with, so the project index
# must still read it.
from contextlib import contextmanager

import torch


@contextmanager
def held_still(*nets):
    modes = [n.training for n in nets]
    try:
        with torch.no_grad():
            yield [n.eval() for n in nets]
    finally:
        for n, m in zip(nets, modes):
            n.train(m)
