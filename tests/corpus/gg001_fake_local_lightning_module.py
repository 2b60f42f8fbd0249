import torch
from torch import nn


class LightningModule(nn.Module):
    """A project-local stand-in with Lightning's hook names; nothing runs it without grad."""


class Regressor(LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(16, 1)

    def validation_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)  # expect: GG001


def run_validation(model, loader):
    model.eval()
    return [model.validation_step(batch, i) for i, batch in enumerate(loader)]
