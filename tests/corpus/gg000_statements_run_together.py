# Two statements on one line with nothing between them (an edit that joined
# two import lines): CPython stops at the second one. The grammar invents a
# newline there, a node no walk of the tree's children sees; the error is
# reported all the same, as the fixer already refuses the file. A semicolon,
# or a compound statement's body on its header's line, is fine.
import torch
import os; import sys
from pathlib import Path import json  # expect: GG000; says: unexpected 'import'


def score(model, batch):
    if batch is None: return None
    model.eval()
    with torch.no_grad():
        out = model(batch); out = out.float()
    return out, os.sep, sys.argv, Path, json
