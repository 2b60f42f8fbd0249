# A script trains, then runs the held-out batches through a progress bar it
# names first (`progress = tqdm(holdout_batches)`). The loop's iterable is
# that name; what it wraps is the evaluation data, as it is when the wrapper
# is written inline. The training loop's bar wraps training data.
import torch
from tqdm import tqdm


class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 3)

    def forward(self, x):
        return self.lin(x)


net = Tiny()
opt = torch.optim.SGD(net.parameters(), lr=0.1)
train_bar = tqdm(torch.load("train_batches.pt"))
for x in train_bar:
    opt.zero_grad()
    net(x).sum().backward()
    opt.step()

holdout_batches = torch.load("holdout_batches.pt")
progress = tqdm(holdout_batches)
guesses = []
for i, x in enumerate(progress):
    guesses += net(x).argmax(-1).tolist()  # expect: GG001
