# A small ensemble: three scorers kept in a list, each trained by its own
# fit step. Voting runs under no_grad at module level, through the loop
# variable of enumerate() over the list. vote() and agree() are reached only
# from there: the list's elements are Scorer instances by origin, whatever
# the loop variable is called, so their grad mode is the caller's (off).
import torch
import torch.nn as nn
from torch.utils.data import DataLoader, TensorDataset

device = "cuda" if torch.cuda.is_available() else "cpu"
feats = torch.randn(128, 32)
labels = torch.randint(0, 4, (128,))


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 4))
        self.opt = torch.optim.SGD(self.parameters(), lr=0.1)

    def forward(self, x):
        return self.body(x)

    def vote(self, x):
        self.eval()
        return self.forward(x)

    def agree(self, x, y):
        return (self.vote(x).argmax(1) == y).float().mean()

    def fit(self, x, y):
        self.train()
        self.opt.zero_grad()
        loss = nn.functional.cross_entropy(self.forward(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


panel = []
for k in range(3):
    panel.append(Scorer().to(device))

for epoch in range(5):
    for s in panel:
        s.fit(feats, labels)

with torch.no_grad():
    tally = torch.zeros(128, 4)
    for k, s in enumerate(panel):
        print(k, s.agree(feats, labels))
        tally += s.vote(feats)

# Two jurors built by a comprehension and restored from their checkpoints,
# then scored over the held-out loader: the loop variable is a Scorer by
# origin, and each forward keeps a graph nobody uses.
jury = [Scorer() for _ in range(2)]
for k, j in enumerate(jury):
    j.load_state_dict(torch.load(f"juror{k}.pt"))
held_out = DataLoader(TensorDataset(feats, labels), batch_size=32)
for j in jury:
    j.eval()
    for x, y in held_out:
        print((j(x).argmax(1) == y).sum())  # expect: GG001
