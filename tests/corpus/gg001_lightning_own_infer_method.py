# A LightningModule's own inference helper: not one of the hooks Lightning's
# loops call (those run without grad), but a method its users call on one
# image. It switches to eval mode and runs the module with autograd on.
import torch
from pytorch_lightning import LightningModule


class BoxDetector(LightningModule):
    def __init__(self, backbone, head):
        super().__init__()
        self.backbone = backbone
        self.head = head

    def forward(self, images):
        return self.head(self.backbone(torch.stack(images)))

    def training_step(self, batch, batch_idx):
        images, targets = batch
        return self.head.loss(self(images), targets)

    def validation_step(self, batch, batch_idx):
        images, targets = batch
        self.eval()
        self.log("val_loss", self.head.loss(self(images), targets))

    def detect(self, image):
        was_training = self.training
        self.eval()
        boxes = self([image])  # expect: GG001
        if was_training:
            self.train()
        return boxes[0]
