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


# A model built on a framework's base: the framework's test loop calls
# predict() under no_grad; its own self.eval() says nothing of the grad mode.
from mmengine.model import BaseModel


class Tagger(BaseModel):
    def __init__(self, encoder, head):
        super().__init__()
        self.encoder = encoder
        self.head = head

    def forward(self, images):
        return self.head(self.encoder(images))

    def extract(self, images):
        return self.encoder(images)


class OpenTagger(Tagger):
    def predict(self, images):
        self.eval()
        return self.head(self.extract(images))
