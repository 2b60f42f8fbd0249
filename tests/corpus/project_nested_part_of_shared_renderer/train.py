# The training side: a LightningModule's forward runs the renderer, and the
# step's loss is what Lightning differentiates (no backward written here).
import pytorch_lightning as pl
import torch

from scene.render import render_rays


class SceneSystem(pl.LightningModule):
    def __init__(self, field):
        super().__init__()
        self.fields = [field]

    def forward(self, rays):
        return render_rays(self.fields, rays)

    def training_step(self, batch, batch_idx):
        rays, colours = batch
        return ((self(rays) - colours) ** 2).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=5e-4)
