# One step function for every split. The probabilities are kept only on the
# "test" split, and every call that passes "test" runs under no_grad: the
# training call never reaches that branch, so nothing is kept with history.
import torch
import torch.nn as nn

net = nn.Linear(8, 2)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
loss_fn = nn.CrossEntropyLoss()


def run_split(loader, split):
    kept = []
    for x, y in loader:
        if split == "train":
            opt.zero_grad()
        out = net(x)
        loss = loss_fn(out, y)
        if split == "train":
            loss.backward()
            opt.step()
        elif split == "test":
            kept.append(torch.softmax(out, dim=-1))
    return kept


def fit(train_loader, test_loader, epochs):
    for _ in range(epochs):
        run_split(train_loader, "train")
    with torch.no_grad():
        return run_split(test_loader, split="test")


def fit_and_test(train_loader, test_loader, epochs):
    # the same step asked for the "test" split with autograd on: each test
    # batch's graph stays alive in the kept list
    for _ in range(epochs):
        run_split_again(train_loader, "train")
    return run_split_again(test_loader, "test")


def run_split_again(loader, split):
    kept = []
    for x, y in loader:
        out = net(x)  # expect: GG001
        loss = loss_fn(out, y)
        if split == "train":
            opt.zero_grad()
            loss.backward()
            opt.step()
        elif split == "test":
            kept.append(torch.softmax(out, dim=-1))  # expect: GG002
    return kept
