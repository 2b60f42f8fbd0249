# A loop over a range that takes its items from evaluation data by index
# (`sample = test_set[i]`, through a name or two) runs over that data, as
# `for sample in test_set:` would. The same loop over training items is
# nobody's evaluation.
import torch
from torch import nn

net = nn.Sequential(nn.Linear(12, 4))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
for inputs, labels in torch.load("train_batches.pt"):
    opt.zero_grad()
    nn.functional.cross_entropy(net(inputs), labels).backward()
    opt.step()

holdout_samples = torch.load("holdout.pt")
for index in range(8):
    record = holdout_samples[index]
    features = record["x"]
    scores = net(features.unsqueeze(0))  # expect: GG001
    print(scores.argmax().item(), record["y"])

train_samples = torch.load("train.pt")
for index in range(8):
    record = train_samples[index]
    print(net(record["x"].unsqueeze(0)).argmax().item())
