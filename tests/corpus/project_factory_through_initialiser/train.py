# A flat training script: each epoch trains the generator over the training
# loader, then scores it over the test loader with grad on. The generator
# comes from the factory of networks.py.
from math import log10

import torch
import torch.nn as nn
from torch.utils.data import DataLoader

from folders import test_pairs, train_pairs
from networks import make_generator, make_palette

device = torch.device("cuda")
train_loader = DataLoader(train_pairs("data"), batch_size=4, shuffle=True)
test_loader = DataLoader(test_pairs("data"), batch_size=1)

gen = make_generator("ring", 3, 64).to(device)
palette = make_palette(256)
opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
l1 = nn.L1Loss()
mse = nn.MSELoss()

for epoch in range(100):
    for source, target in train_loader:
        source, target = source.to(device), target.to(device)
        loss = l1(gen(source), target)
        opt.zero_grad()
        loss.backward()
        opt.step()

    total_psnr = 0.0
    for source, target in test_loader:
        source, target = source.to(device), target.to(device)
        guess = gen(source)  # expect: GG001
        shown = palette(guess.detach())
        total_psnr += 10 * log10(1 / mse(guess, target).item())
    print(total_psnr / len(test_loader))
    torch.save(gen.state_dict(), "checkpoint/gen_%d.pth" % epoch)
