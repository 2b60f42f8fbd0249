# A helper loops over the loader it is handed; what it is handed says which
# data: the held-out loader makes that loop evaluation, as it would be
# written inline. The training-set call under no_grad is guarded; handed the
# training loader with grad on, the helper is nobody's evaluation.
import torch
from torch.utils.data import DataLoader


def hit_rate(model, loader):
    hits = total = 0
    for inputs, labels in loader:
        hits += (model(inputs).argmax(1) == labels).sum().item()  # expect: GG001; says: called from module level on line 30
        total += labels.numel()
    return hits / total


net = torch.nn.Sequential(torch.nn.Linear(10, 3))
opt = torch.optim.SGD(net.parameters(), lr=0.05)
train_loader = DataLoader(torch.load("train.pt"), batch_size=32)
holdout_loader = DataLoader(torch.load("holdout.pt"), batch_size=32)
for epoch in range(5):
    for inputs, labels in train_loader:
        loss = torch.nn.functional.cross_entropy(net(inputs), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
    with torch.no_grad():
        print("train", hit_rate(net, train_loader))
print("train again", hit_rate(net, train_loader))
print("holdout", hit_rate(net, holdout_loader))
