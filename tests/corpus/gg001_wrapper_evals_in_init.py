# An inference wrapper (a plain class) loads its network and puts it in eval
# mode in __init__; its other methods run it with grad on. A wrapper that
# puts its network back in training somewhere is no such evidence, nor is a
# method that does not run the network.
import torch
from torch import nn


class Segmenter:
    def __init__(self, path):
        self.net = torch.load(path)
        self.net.eval()
        self.palette = [(0, 0, 0), (255, 255, 255)]

    def masks(self, image):
        batch = torch.from_numpy(image).permute(2, 0, 1)[None].float()
        return self.net(batch).argmax(1)  # expect: GG001

    def colours(self, mask):
        return [self.palette[int(v)] for v in mask.flatten()]


class Tuner:
    def __init__(self, path):
        self.net = torch.load(path)
        self.net.eval()

    def predict(self, batch):
        return self.net(batch)

    def adapt(self, batches, opt):
        self.net.train()
        for x, y in batches:
            opt.zero_grad()
            nn.functional.mse_loss(self.net(x), y).backward()
            opt.step()
