import numpy
import torch
import torch.nn as nn


class Verifier(nn.Module):
    """A speaker verifier that trains itself and scores trial pairs."""

    def __init__(self, dim):
        super().__init__()
        self.encoder = nn.Linear(40, dim)
        self.optim = torch.optim.Adam(self.parameters())

    def train_epoch(self, loader):
        self.train()
        for feats, target in loader:
            loss = ((self.encoder(feats) - target) ** 2).mean()
            self.optim.zero_grad()
            loss.backward()
            self.optim.step()
        return loss.item()

    # Its name ends in a word that names a model; it is a method, and it runs
    # the encoder with grad off and returns numbers computed in numpy.
    def eval_network(self, trials):
        self.eval()
        scores = []
        for a, b in trials:
            with torch.no_grad():
                ea = self.encoder(a)
                eb = self.encoder(b)
            scores.append((ea * eb).sum().cpu().numpy())
        error = float(numpy.mean(scores))
        return error, len(scores)
