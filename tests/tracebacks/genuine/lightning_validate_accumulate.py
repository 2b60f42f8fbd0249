"""Lightning validation that keeps every batch's outputs for the epoch's end:
Lightning runs validation with grad off, and it still runs out of memory.
Runs only where lightning is installed (record_cuda.sh, on a GPU machine).

    lightning_validate_accumulate.py BUDGET_MB
"""
import sys

import lightning.pytorch as pl
import torch
from torch.utils.data import DataLoader, TensorDataset

from memlimit import limit_memory
from model import make_model


class Scorer(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = make_model(depth=2)
        self.outputs = []

    def forward(self, x):
        return self.body(x)

    def validation_step(self, batch, batch_idx):
        (x,) = batch
        self.outputs.append(self(x))

    def on_validation_epoch_end(self):
        scores = torch.cat(self.outputs)
        self.log("val_mean", scores.mean())
        self.outputs.clear()


def main():
    torch.manual_seed(0)
    model = Scorer()
    data = DataLoader(TensorDataset(torch.randn(96, 1 << 21)), batch_size=4)
    limit_memory(int(sys.argv[1]) if len(sys.argv) > 1 else 600)
    trainer = pl.Trainer(accelerator="gpu", devices=1, logger=False, enable_checkpointing=False,
                         enable_progress_bar=False, enable_model_summary=False)
    trainer.validate(model, dataloaders=data)


if __name__ == "__main__":
    main()
