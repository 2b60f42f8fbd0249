# The model trains itself and asks the scoring class, built with itself, for
# the validation accuracy after every epoch.
import torch
from torch import nn

from scoring import judge


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(8, 8)
        self.head = nn.Linear(8, 4)

    def init_hidden(self):
        return torch.zeros(1, 1, 8)

    def forward(self, x, h):
        out, h = self.rnn(x, h)
        return self.head(out), h

    def fit(self, data, valid, epochs=5):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        scorer = judge.Judge(self)
        for _ in range(epochs):
            for x, y in data:
                out, _ = self(x, self.init_hidden())
                loss = nn.functional.cross_entropy(out.flatten(0, 1), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(scorer.score(*valid))
