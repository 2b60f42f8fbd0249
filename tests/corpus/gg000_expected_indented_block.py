# A block with nothing but a comment under its header does not run in
# CPython (an IndentationError): reported at the header.
import torch


def warm_start(model):  # expect: GG000; says: expected an indented block
    # load the weights here
torch.manual_seed(0)
