import lightning.pytorch as pl
import torch
from torch import nn


# A model's own methods gather the pieces of its output (a tiled decode): that
# is the model's computation, whoever calls it and however.
class TiledAutoencoder(nn.Module):
    def __init__(self, encoder, decoder):
        super().__init__()
        self.encoder = encoder
        self.decoder = decoder

    def forward(self, x):
        return self.tiled_decode(self.encoder(x))

    def tiled_decode(self, z, tile=64):
        rows = []
        for i in range(0, z.shape[-2], tile):
            row = []
            for j in range(0, z.shape[-1], tile):
                piece = self.decoder(z[..., i : i + tile, j : j + tile])
                row.append(piece)
            rows.append(torch.cat(row, dim=-1))
        return torch.cat(rows, dim=-2)


# A LightningModule's steps are training code: what they keep is kept.
class Classifier(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.net = net
        self.step_losses = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        losses = []
        for chunk_x, chunk_y in zip(x.chunk(2), y.chunk(2)):
            loss = nn.functional.cross_entropy(self.net(chunk_x), chunk_y)
            self.step_losses.append(loss)  # expect: GG002
            losses.append(loss.detach())
        return torch.stack(losses).mean()
