import torch
from sklearn.base import BaseEstimator


# A base from a library not built on torch never runs the subclass's methods,
# with grad off or at all: predict() is the class's own evaluation code, called
# by the user, and its forward runs with autograd on.
class RankEstimator(BaseEstimator):
    def fit(self, dim):
        self.net = torch.nn.Linear(dim, 1)
        return self

    def predict(self, batches):
        self.net.eval()
        scores = []
        for xb in batches:
            scores.append(self.net(xb).detach().numpy())  # expect: GG001
        return scores
