# A notebook exported as a script: the training loop calls check() after each
# epoch and runs before a later cell redefines check() for the final report.
# Each definition is reported with its own callers: the loop ran the first,
# the module-level line the second.
import torch
import torch.nn as nn

net = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 2))
opt = torch.optim.Adam(net.parameters())
train_set = [(torch.randn(8, 16), torch.randint(0, 2, (8,))) for _ in range(10)]
test_set = [(torch.randn(8, 16), torch.randint(0, 2, (8,))) for _ in range(4)]


def check(data):
    net.eval()
    hits = 0
    for x, y in data:
        hits += (net(x).argmax(1) == y).sum().item()  # expect: GG001; says: from fit()
    return hits


def fit(epochs):
    for epoch in range(epochs):
        net.train()
        for x, y in train_set:
            opt.zero_grad()
            nn.functional.cross_entropy(net(x), y).backward()
            opt.step()
        print(epoch, check(test_set))


fit(3)


def check(data):
    net.eval()
    scores = []
    for x, _ in data:
        scores.append(net(x).softmax(1)[:, 1].tolist())  # expect: GG001; says: from module level
    return scores


print(check(test_set))
