import torch
from torch import nn


class TinyConvNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 8, 3)

    def forward(self, x):
        return self.conv(x).mean((2, 3))


def evaluate_checkpoint(test_images, test_labels, ckpt):
    clf = TinyConvNet()
    clf.load_state_dict(torch.load(ckpt))
    scores = clf(test_images)  # expect: GG001
    return (scores.argmax(1) == test_labels).float().mean()
