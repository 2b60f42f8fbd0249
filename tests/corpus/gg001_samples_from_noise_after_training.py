# A generator trained in this script, then asked for a few samples from
# noise in eval mode: the inputs are synthetic, but the module is trained, so
# this is no shape check; the samples' graph is built for nothing. A fresh,
# untrained generator run once on noise to see a shape is one.
import torch
from torch import nn

painter = nn.Sequential(nn.Linear(16, 64), nn.Tanh())
critic = nn.Linear(64, 1)
opt = torch.optim.Adam(painter.parameters(), lr=2e-4)
for step in range(100):
    fake = painter(torch.randn(32, 16))
    loss = -critic(fake).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()

painter.eval()
noise = torch.zeros(9, 16).uniform_(-1, 1)
gallery = painter(noise)  # expect: GG001
print(gallery.detach().view(9, 8, 8).shape)

sketch = nn.Sequential(nn.Linear(16, 64), nn.Tanh())
print(sketch(torch.randn(1, 16)).shape)
