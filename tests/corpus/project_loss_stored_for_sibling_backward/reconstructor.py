# A trainer (a plain class) computes its losses in one method and stores
# them on self; a sibling method calls it and then backwards self's total. A
# pretrained recognition network of another file, in eval mode from its
# loader, run on the generator's output there passes the gradient back to
# the generator: that forward is training, and a no_grad wrap would cut the
# identity term out of it.
import torch
from torch import nn

import recognition
from base_model import BaseModel


class Reconstructor(BaseModel):
    def __init__(self, device):
        super().__init__(device)
        self.generator = nn.Linear(6, 6)
        self.recognizer = recognition.define_recognizer("recognizer.pth")
        self.optimizer = torch.optim.Adam(self.generator.parameters())

    def set_input(self, images):
        self.images = images

    def render(self):
        self.rendered = self.generator(self.images)

    def compute_losses(self):
        pred_feat = self.recognizer(self.rendered)
        real_feat = self.recognizer(self.images)
        self.loss_identity = 1 - nn.functional.cosine_similarity(pred_feat, real_feat).mean()
        self.loss_pixel = (self.rendered - self.images).abs().mean()
        self.loss_all = self.loss_identity + self.loss_pixel

    def optimize_parameters(self):
        self.render()
        self.compute_losses()
        self.optimizer.zero_grad()
        self.loss_all.backward()
        self.optimizer.step()
