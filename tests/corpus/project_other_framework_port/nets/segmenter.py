import torch.nn as nn


class Segmenter(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Conv2d(3, 2, 1)

    def forward(self, x):
        return self.head(x)
