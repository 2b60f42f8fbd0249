import torch

from losses import LossBundle


class Trainer:
    def __init__(self, generator, device):
        self.generator = generator
        self.losses = LossBundle(device)
        self.opt = torch.optim.Adam(generator.parameters())

    def train_epoch(self, loader, preview):
        for real in loader:
            self.losses.report(preview)
            fake = self.generator(real)
            loss = self.losses.perceptual(fake, real)
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
