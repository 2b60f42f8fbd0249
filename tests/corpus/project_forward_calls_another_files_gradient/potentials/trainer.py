# The trainer validates whichever model it holds, the averaged copy when
# there is one: a model handed in, which may be the potential above. The
# finding stands (energy-only runs waste a graph), but no wrap is safe.
import torch
from torch.optim.swa_utils import AveragedModel


class Trainer:
    def __init__(self, model, val_batches, averaged=False):
        self.model = model
        self.val_batches = val_batches
        self.averaged = AveragedModel(model) if averaged else None

    def validate(self):
        net = self.model if self.averaged is None else self.averaged
        net.eval()
        worst = 0.0
        for positions, energy in self.val_batches:
            pred = net(positions)  # expect: GG001; fix: unsafe
            worst = max(worst, (pred["energy"] - energy).abs().item())
        return worst
