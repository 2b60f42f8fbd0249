import torch
from torch import nn


# What an attribute holds comes from what built it: torch.nn's layers with
# parameters are modules, whatever the attribute is called ("enc", "proj").
class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Conv1d(1, 8, 3)
        self.proj = nn.Linear(8, 2)
        self.act = nn.ReLU()

    def forward(self, x):
        return self.proj(self.act(self.enc(x)).mean(-1))

    def embed_all(self, loader):
        self.eval()
        out = []
        for x in loader:
            out.append(self.enc(x))  # expect: GG001
        return out

    def squash_all(self, loader):
        # A layer without parameters records nothing from data without history.
        self.eval()
        return [self.act(x) for x in loader]


def tag_all(tagger, val_loader):
    tagger.eval()
    for x in val_loader:
        print(tagger.proj(x))  # expect: GG001
