# A plain scorer object (no framework calls its methods): the project calls
# its score() only from a function decorated with torch.no_grad() whose
# parameters go on over several lines, so its forwards run with grad off and
# nothing here is reported.
import torch


class Scorer:
    def __init__(self, model: torch.nn.Module):
        self.model = model

    def score(self, loader):
        self.model.eval()
        hits = 0
        for batch, target in loader:
            hits += (self.model(batch).argmax(1) == target).sum().item()
        return hits
