# A shared step whose backward sits under `if optimize == True:`, which tests
# what `if optimize:` does: the validation pass, passing False, is evaluation
# with autograd on.
import torch
import torch.nn as nn

net = nn.Linear(4, 2)
crit = nn.CrossEntropyLoss()
opt = torch.optim.SGD(net.parameters(), lr=0.1)


def step(batch, optimize=True):
    x, y = batch
    out = net(x)  # expect: GG001
    loss = crit(out, y)
    if optimize == True:
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def run(train_loader, val_loader):
    for batch in train_loader:
        step(batch, optimize=True)
    net.eval()
    for batch in val_loader:
        step(batch, optimize=False)
