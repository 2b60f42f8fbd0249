from torch import nn


class Captioner(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.step = nn.LSTMCell(dim, dim)
        self.proj = nn.Linear(dim, vocab)

    def start(self, n):
        return self.proj.weight.new_zeros(n, self.step.hidden_size)

    def forward(self, words, state):
        h, c = self.step(self.embed(words), state)
        return self.proj(h), (h, c)
