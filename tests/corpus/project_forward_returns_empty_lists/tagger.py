import torch
import torch.nn as nn
import torch.nn.functional as F


class UtteranceTagger(nn.Module):
    """Returns its log-probabilities and attention weights, the backward
    direction's kept as an empty list it never fills."""

    def __init__(self, dim, classes):
        super().__init__()
        self.rnn = nn.GRU(dim, dim)
        self.att = nn.Linear(dim, 1)
        self.out = nn.Linear(dim, classes)

    def forward(self, x, with_weights=False):
        hidden, _ = self.rnn(x)
        weights, weights_back, spans = [], [], []
        if with_weights:
            weights = []
            for h in hidden:
                weights.append(F.softmax(self.att(h), dim=0))
        return F.log_softmax(self.out(hidden), -1), weights, weights_back, spans
