# A 0.3-era decoder module whose forward() trains by teacher forcing or, in
# its predict branch, decodes greedily on volatile inputs. A module's
# forward runs in its caller's grad mode: the volatile inputs are GG003's,
# but neither branch's forwards are evaluation code by themselves (the
# training branch least of all: a wrap there would cut training).
import torch
from torch import nn
from torch.autograd import Variable


class GreedyDecoder(nn.Module):
    def __init__(self, vocab, hidden):
        super().__init__()
        self.embedding = nn.Embedding(vocab, hidden)
        self.cell = nn.GRUCell(hidden, hidden)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, hidden, steps, is_train=True, targets=None, start=1):
        if is_train:
            loss = 0.0
            embedded = self.embedding(targets)
            for i in range(steps - 1):
                hidden = self.cell(embedded[:, i], hidden)
                loss += nn.functional.cross_entropy(self.out(hidden), targets[:, i + 1])
            return loss
        word = Variable(torch.full((hidden.size(0),), start, dtype=torch.long), volatile=True)  # expect: GG003
        words = []
        for i in range(steps - 1):
            hidden = self.cell(self.embedding(word), hidden)
            word = self.out(hidden).argmax(-1)
            words.append(word)
        return torch.stack(words, 1)
