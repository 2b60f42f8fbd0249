import torch

from estimator import NetEstimator


# Its public method is the user's evaluation entry: nothing above it runs
# it with grad off.
class RankEstimator(NetEstimator):
    def predict_scores(self, batches):
        self.net.eval()
        scores = []
        for xb in batches:
            scores.append(torch.sigmoid(self.net(xb)).detach().numpy())  # expect: GG001
        return scores
