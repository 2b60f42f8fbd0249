import torch
from torch import nn


@torch.no_grad()
def _greedy(net, feats):
    return net.proj(feats).argmax(-1)


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, feats):
        return self.proj(feats)

    # A method made of the function above, which turns grad off itself.
    decode = _greedy


def label_all(clips):
    tagger = Tagger()
    tagger.eval()
    return [tagger.decode(clip) for clip in clips]


def score_all(clips):
    tagger = Tagger()
    tagger.eval()
    return [tagger(clip) for clip in clips]  # expect: GG001
