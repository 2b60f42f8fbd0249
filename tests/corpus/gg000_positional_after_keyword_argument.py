# Arguments out of Python's order parse in tree-sitter's grammar but not in
# CPython: a positional argument after a keyword one is a SyntaxError when
# the file is compiled. `*rest` after a keyword argument is fine.
import torch


def fit(model, epochs, loader, lr=1e-3):
    return model, epochs, loader, lr


def run(model, loader, rest):
    fit(model, *rest, lr=0.1)
    fit(model, lr=0.1, *rest)
    fit(epochs=1, model, loader)  # expect: GG000; says: positional argument follows keyword argument


def run_continued(model, loader):
    # A line continued with a backslash inside the parentheses is no argument.
    fit(model, 3, \
        loader, lr=0.1, \
        )
