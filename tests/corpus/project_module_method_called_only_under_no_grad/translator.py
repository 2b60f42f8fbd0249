# A module class's method that puts the model in eval mode and runs its
# parts (a translator's preview), called from the training script only
# under no_grad: its callers own the grad mode, and they turned it off.
import torch
from torch import nn


class PairTranslator(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.to_b = nn.Conv2d(3, 3, 3, padding=1)
        self.to_a = nn.Conv2d(3, 3, 3, padding=1)

    def forward(self, a, b):
        return self.to_b(a), self.to_a(b)

    def preview(self, a, b):
        self.eval()
        fakes_b, fakes_a = [], []
        for i in range(a.size(0)):
            fakes_b.append(self.to_b(a[i].unsqueeze(0)))
            fakes_a.append(self.to_a(b[i].unsqueeze(0)))
        self.train()
        return torch.cat(fakes_b), torch.cat(fakes_a)
