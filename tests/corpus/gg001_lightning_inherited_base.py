from lightning.pytorch import LightningModule
from torch import nn


class BaseModule(LightningModule):
    def configure_optimizers(self):
        return None


class TextClassifier(BaseModule):
    def __init__(self, encoder: nn.Module, num_labels: int):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(768, num_labels)

    def validation_step(self, batch, batch_idx):
        hidden = self.encoder(batch["input_ids"]).last_hidden_state[:, 0]
        logits = self.head(hidden)
        self.log("val_acc", (logits.argmax(-1) == batch["labels"]).float().mean())
