# A model class that trains itself: its fit() method runs the loop, the
# backward and the optimizer's step. The epoch's total is the training loss
# itself, history and all, as in a plain training function: every batch's
# graph stays alive until the epoch ends.
import torch
import torch.nn as nn


class SequenceScorer(nn.Module):
    def __init__(self, length):
        super().__init__()
        self.fc = nn.Linear(20 * length, 2)

    def forward(self, x):
        return self.fc(x.flatten(1))

    def fit(self, loader, epochs):
        opt = torch.optim.Adam(self.parameters(), lr=1e-3)
        crit = nn.CrossEntropyLoss()
        self.train()
        for epoch in range(epochs):
            epoch_loss = 0
            for x, y in loader:
                loss = crit(self.forward(x), y)
                epoch_loss += loss  # expect: GG002
                opt.zero_grad()
                loss.backward()
                opt.step()
            print(epoch, float(epoch_loss))

    def tiles(self, x, size):
        # a method that joins the pieces of the model's own output: no GG002
        parts = []
        for i in range(0, x.shape[0], size):
            parts.append(self.forward(x[i:i + size]))
        return torch.cat(parts)


class WithMetricHead(nn.Module):
    # The head returns its loss and its precision; the precision is computed
    # on detached outputs, a number to report: summing it keeps nothing.
    def __init__(self, head):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.head = head

    def fit(self, loader, opt):
        top = 0
        for x, y in loader:
            loss, prec = self.head.forward(self.fc(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            top += prec
        return top
