# A generator wrapper whose forward picks its work by a mode string passed
# by position; its "render" branch runs under no_grad. A helper spreads it
# over GPUs and hands it back wrapped.
import torch
from torch import nn


class Sketcher(nn.Module):
    def __init__(self):
        super().__init__()
        self.gen = nn.Linear(8, 8)
        self.critic = nn.Linear(8, 1)

    def forward(self, real, layout, mode):
        if mode == "critic_loss":
            return self.critic(self.gen(layout)).mean() - self.critic(real).mean()
        if mode == "render":
            with torch.no_grad():
                sketch = self.gen(layout)
            return sketch
        raise ValueError(mode)


def spread(net, gpus):
    if gpus:
        net = nn.DataParallel(net, device_ids=gpus).cuda()
    return net
