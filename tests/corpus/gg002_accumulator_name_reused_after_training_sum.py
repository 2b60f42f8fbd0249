# A script sums the epoch's losses into `acc` and backwards through the sum
# (on purpose: one backward for the whole epoch), then evaluates: it rebinds
# `acc` to 0 and sums the held-out losses into it, with grad on, and nothing
# backwards through that sum. The backward before belonged to the earlier
# value of the name, not to this one: the evaluation sum keeps every graph.
import torch
import torch.nn as nn

net = nn.Linear(4, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
train_items = torch.load("train_items.pt")
held_out_items = torch.load("held_out_items.pt")
for epoch in range(10):
    acc = 0
    for xb, yb in train_items:
        acc = acc + ((net(xb) - yb) ** 2).mean()
    acc.backward()
    opt.step()
    opt.zero_grad()

net.eval()
acc = 0
for xb, yb in held_out_items:
    acc = acc + ((net(xb) - yb) ** 2).mean()  # expect: GG001, GG002
print(acc.item() / len(held_out_items))
