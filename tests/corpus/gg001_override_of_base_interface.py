# A subclass's predict() overrides its base's interface method: the file
# never calls it, so its callers are elsewhere (an accuracy helper that runs
# every algorithm's predict under no_grad) and own the grad mode. Its own
# eval() call is no evidence then, as for a module's forward().
import torch
from torch import nn


class Learner(nn.Module):
    def update(self, batch):
        raise NotImplementedError

    def predict(self, x):
        raise NotImplementedError


class AveragedLearner(Learner):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(3, 2)
        self.net_avg = nn.Linear(3, 2)

    def update(self, batch):
        loss = self.net(batch).pow(2).mean()
        loss.backward()
        return {"loss": loss.item()}

    def predict(self, x):
        self.net_avg.eval()
        return self.net_avg(x)

