import torch
from torch import nn


class Evaluator:
    def __init__(self, model: nn.Module):
        self.model = model

    def run(self, loader):
        self.model.eval()
        outputs = []
        for batch in loader:
            outputs.append(self.model(batch).cpu())  # expect: GG001, GG002
        return outputs

    def run_forward(self, batch):
        self.model.eval()
        return self.model.forward(batch)  # expect: GG001
