# A module with no parameter that holds only settings (a window slicer):
# its output carries what its input carries. On what an object of unknown
# kind renders that is no evidence; on a forward's output in evaluation it
# is that graph.
import torch
import torch.nn as nn


class Windows(nn.Module):
    def __init__(self, width, offset=0):
        super().__init__()
        self.width = width
        self.offset = offset

    def forward(self, x):
        x = x[..., self.offset:]
        n = x.shape[-1] // self.width
        return x[..., : n * self.width].reshape(-1, x.shape[1], self.width)


def make_examples(sources, width):
    cut = Windows(width=width, offset=4)
    parts = []
    for src in sources:
        parts.append(cut(src.render(4096)))
    return torch.cat(parts)


def embed_all(encoder, val_loader, width):
    cut = Windows(width=width)
    encoder.eval()
    kept = []
    for x in val_loader:
        kept.append(cut(encoder(x)))  # expect: GG001, GG002
    return torch.cat(kept)
