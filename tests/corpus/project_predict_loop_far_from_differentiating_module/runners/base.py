# A base runner whose predict loop runs whatever module a subclass hands it.
# Far from the module that differentiates in its forward, nothing here says
# which one it runs: the loop is reported, but its wrap is never proven safe
# (under no_grad that one would raise).
import torch


class Runner:
    def __init__(self, model):
        self.model = model

    def predict(self, batches):
        self.model.eval()
        outputs = []
        for batch in batches:
            outputs.append(self.model(batch).detach().cpu())  # expect: GG001; fix: unsafe
        return outputs
