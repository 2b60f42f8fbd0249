# A translation model whose public translate() runs no layer itself: it
# hands on to its own search method, which runs the encoder and decoder.
# translate() is a forward all the same, for the files that call it.
import torch
import torch.nn as nn


class Translator(nn.Module):
    def __init__(self, vocab_size, hidden=32):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, hidden)
        self.encoder = nn.GRU(hidden, hidden)
        self.decoder = nn.GRU(hidden, hidden)
        self.project = nn.Linear(hidden, vocab_size)

    def forward(self, src, trg):
        _, state = self.encoder(self.embed(src))
        out, _ = self.decoder(self.embed(trg), state)
        return self.project(out)

    def translate(self, src, width=1, limit=40):
        return self.search(src, width, limit)

    def search(self, src, width, limit):
        _, state = self.encoder(self.embed(src))
        word = src[:1]
        words = []
        for _ in range(limit):
            out, state = self.decoder(self.embed(word), state)
            word = self.project(out).argmax(-1)
            words.append(int(word.item()))
        return words
