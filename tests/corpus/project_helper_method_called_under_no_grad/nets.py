import torch.nn as nn


class Seq2Seq(nn.Module):
    def __init__(self, vocab=1000, dim=256):
        super().__init__()
        self.encoder = nn.Sequential(nn.Embedding(vocab, dim), nn.Linear(dim, dim))
        self.decoder = nn.Linear(dim, vocab)

    def forward(self, tokens):
        return self.decoder(self.encoder(tokens))
