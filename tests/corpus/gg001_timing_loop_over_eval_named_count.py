import time

import torch
from torch import nn


def build():
    return nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Conv2d(8, 1, 3))


# A timing loop: a fresh network in train mode run a fixed number of times on
# random input: a self-test, whatever its count is called.
if __name__ == "__main__":
    net = nn.Sequential(nn.Conv2d(3, 8, 3), nn.ReLU(), nn.Conv2d(8, 1, 3)).train()
    n_eval = 10
    x = torch.randn(4, 3, 64, 64)
    t = time.time()
    for _ in range(n_eval):
        out = net(x)
    print((time.time() - t) / n_eval)

    # A count taken from the evaluation data is that data's loop.
    scorer = build()
    scorer.load_state_dict(torch.load("scorer.pt"))
    val_set = torch.load("val.pt")
    scorer.eval()
    n_val = len(val_set)
    for i in range(n_val):
        print(scorer(val_set[i]).mean())  # expect: GG001
