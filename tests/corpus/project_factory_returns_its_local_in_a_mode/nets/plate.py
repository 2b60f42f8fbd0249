import torch.nn as nn


class PlateReader(nn.Module):
    def __init__(self, classes):
        super().__init__()
        self.body = nn.Conv2d(3, 16, 3)
        self.head = nn.Conv2d(16, classes, 1)

    def forward(self, x):
        return self.head(self.body(x)).mean(2)


def build_reader(classes=66, phase="train"):
    # The local is put in a mode on the way out: still the module it built.
    Net = PlateReader(classes)
    if phase == "train":
        return Net.train()
    else:
        return Net.eval()
