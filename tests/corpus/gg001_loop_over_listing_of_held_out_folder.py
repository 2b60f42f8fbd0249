# A loop over the files of a folder whose path names a held-out split
# (os.listdir("./holdout_batches"), glob of a test folder) is a loop over
# evaluation data, as a loader named that way would be: its forward runs
# with autograd on for nothing. A listing of a training folder is not.
import glob
import os

import numpy as np
import torch
from torch import nn

net = nn.Linear(16, 4)
opt = torch.optim.SGD(net.parameters(), lr=0.1)

for step in range(100):
    batch = torch.randn(8, 16)
    loss = net(batch).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 20 == 0:
        for name in sorted(os.listdir("./holdout_batches")):
            feats = torch.from_numpy(np.load(os.path.join("./holdout_batches", name)))
            guess = net(feats).argmax(dim=1)  # expect: GG001
            print(name, guess)

for path in glob.glob(os.path.join("data", "test", "*.npy")):
    print(net(torch.from_numpy(np.load(path))).argmax(1))  # expect: GG001

for path in glob.glob("data/train/*.npy"):
    print(net(torch.from_numpy(np.load(path))).sum())
