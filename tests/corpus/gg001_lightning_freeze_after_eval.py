# A LightningModule loaded from a checkpoint, put in eval mode and frozen
# with Lightning's own freeze(), which sets every parameter's requires_grad
# to False: on plain data its forwards record no graph. A model frozen by
# nothing but eval mode is still reported.
import pytorch_lightning as pl
import torch
from torch import nn


class Tagger(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(16, 4)

    def forward(self, x):
        return self.head(x)


def predict_frozen(path, loader):
    model = Tagger.load_from_checkpoint(path)
    model.eval()
    model.freeze()
    return [model(x).argmax(-1) for x in loader]


def predict_thawed(path, loader):
    model = Tagger.load_from_checkpoint(path)
    model.eval()
    return [model(x).argmax(-1) for x in loader]  # expect: GG001
