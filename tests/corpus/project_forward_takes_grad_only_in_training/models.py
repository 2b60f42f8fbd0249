# A Bayesian recurrent model sharpens its posterior during training: its
# forward takes the gradient of the data loss with respect to the weights,
# but only under `if self.training:`. In eval mode that branch does not run.
import torch
from torch import nn


class SharpenedRNN(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.rnn = nn.LSTM(dim, hidden)
        self.head = nn.Linear(hidden, dim)
        self.sharpen = True

    def forward(self, seq, target=None):
        out = self.head(self.rnn(seq)[0])
        if self.sharpen and self.training:
            nll = ((out - target) ** 2).mean()
            grads = torch.autograd.grad(nll, list(self.rnn.parameters()), create_graph=True)
            out = self.head(self.rnn(seq - 0.01 * grads[0].sum())[0])
        return out

