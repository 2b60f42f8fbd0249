# A statement indented deeper than the rest of its block is CPython's
# IndentationError, though tree-sitter reads it into the block: reported,
# never a silent pass.
import torch


def score(model, batch):
    model.eval()
    with torch.no_grad():
        out = model(batch)
            top = out.argmax(-1)  # expect: GG000; says: unexpected indent
    return top
