# A forward two calls below the evaluation loop: rank() runs the network it is
# handed, loss_of() calls rank() and returns a loss. The training loop
# backwards through loss_of(); the held-out loop after eval() only prints it.
# No wrap may go inside loss_of() (training needs that gradient): the
# evaluation loop's own call is the site to wrap.
import torch
from torch import nn


class Ranker:
    def __init__(self):
        self.encoder = nn.Linear(16, 8)
        self.opt = torch.optim.Adam(self.encoder.parameters())

    def rank(self, encoder, items):
        return encoder(items).log_softmax(-1)  # expect: GG001; says: called from fit() through loss_of() on line 32; fix: safe

    def loss_of(self, items):
        ranked = self.rank(self.encoder, items)
        return -ranked.max(-1).values.mean()

    def fit(self, train_items, held_out):
        for items in train_items:
            self.encoder.train()
            loss = self.loss_of(items)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
        self.encoder.eval()
        total = 0.0
        for items in held_out:
            total += self.loss_of(items).item()
        return total
