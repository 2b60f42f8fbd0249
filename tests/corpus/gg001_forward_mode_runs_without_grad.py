# A module whose forward picks its work by a mode string, one mode's branch
# opening under no_grad: a call passing that mode records nothing; a call
# passing another mode does.
import torch
from torch import nn


class Painter(nn.Module):
    def __init__(self):
        super().__init__()
        self.gen = nn.Linear(4, 4)

    def forward(self, data, mode):
        if mode == "generator":
            return self.gen(data).sum()
        elif mode == "inference":
            with torch.no_grad():
                fake = self.gen(data)
            return fake
        raise ValueError(mode)


painter = Painter()
painter.load_state_dict(torch.load("painter.pt"))
painter.eval()
for batch in test_loader:
    images = painter(batch, mode="inference")
    images = painter(batch, "inference")
    score = painter(batch, mode="generator")  # expect: GG001
