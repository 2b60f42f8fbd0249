import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, dim, classes):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x):
        return self.fc(x)

    def predict(self, x):
        # self.eval() makes this evaluation code; it still records the graph.
        self.eval()
        return self(x).argmax(-1)  # expect: GG001
