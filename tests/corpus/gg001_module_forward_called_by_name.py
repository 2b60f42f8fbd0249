# Evaluation that calls a module's forward() by name: the forward is the
# mistake, reported once at that call; the layers inside forward() are the
# model's, not evaluation code of their own.
import torch
from torch import nn


class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = nn.Linear(6, 6)
        self.second = nn.Linear(6, 2)

    def forward(self, x):
        return self.second(self.first(x).relu())


net = TwoLayer()
net.load_state_dict(torch.load("two_layer.pt"))
net.eval()
for batch in torch.load("test_batches.pt"):
    print(net.forward(batch).argmax(1))  # expect: GG001
