import torch
import torch.nn as nn


class SortPoolEmbed(nn.Module):
    def __init__(self, width, out_width):
        super().__init__()
        self.conv = nn.Linear(width, width)
        self.dense = nn.Linear(width, out_width)
        self.out_width = out_width

    def forward(self, nodes):
        h = torch.relu(self.conv(nodes))
        return self.dense(h.mean(0))
