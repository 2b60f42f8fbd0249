import torch
from sklearn.base import BaseEstimator


# A base from a library not built on torch: the class is plain, and so are
# its subclasses in other files.
class NetEstimator(BaseEstimator):
    def fit(self, dim):
        self.net = torch.nn.Linear(dim, 1)
        return self

    def predict(self, batches):
        self.net.eval()
        out = []
        for xb in batches:
            out.append(self.net(xb).detach().numpy())  # expect: GG001
        return out
