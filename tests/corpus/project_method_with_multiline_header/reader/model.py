# A document reader whose inference method's header spans lines, its
# closing bracket back at the def's own indentation: the method still runs
# its submodules, as a one-line header would say.
import torch
from torch import nn


class DocReader(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Linear(16, 16)
        self.decoder = nn.Linear(16, 8)

    def inference(
        self,
        image,
        prompt=None,
    ):
        feats = self.encoder(image)
        return self.decoder(feats)

    def forward(self, image):
        return self.decoder(self.encoder(image))
