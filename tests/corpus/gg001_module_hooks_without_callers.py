import torch
from torch import nn


# The evaluation hooks of a model class are its API: a training framework's
# loop calls them (often under no_grad), and nothing in this file does. Their
# names are no evidence that they run with grad on.
class DepthModel(nn.Module):
    def __init__(self, backbone, head):
        super().__init__()
        self.backbone = backbone
        self.head = head

    def forward(self, img):
        return self.head(self.backbone(img))

    def extract_feat(self, img):
        return self.backbone(img)

    def forward_test(self, img):
        return self.head(self.extract_feat(img))

    def val_step(self, batch):
        return self(batch["img"])

    def eval_forward(self, batch, outputs=None):
        return outputs if outputs is not None else self.forward(batch)
