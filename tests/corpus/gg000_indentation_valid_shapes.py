# Indentation CPython takes: comments at any column, statements after a
# colon on the header line, lines continued inside brackets, tabs used
# throughout a block, a body that is only a docstring.
import torch


def stats(model, batches):
    """Sums the outputs."""
    total = 0
# a comment at the left margin
        # and one deeper than the code
    for b in batches:
        if b is None: continue
        with torch.no_grad(): out = model(b); total += out.sum().item()
    shape = (1,
  2,
            3)
    return total, shape


def documented():
    """Nothing but a docstring."""


class Box:
    pass


def tabbed(scale, x):
	if x is not None:
		y = scale * x
	else:
		y = None
	return y
