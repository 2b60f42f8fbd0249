# A step that trains, then evaluates under its own eval() in the same function, called
# once per epoch: its call counts as training where it stands, which says nothing of
# what the caller does with its result, so the evaluation half is still reported.
import torch
import torch.nn.functional as F
from torch import nn


class GCN(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.fc = nn.Linear(n, n)

    def forward(self, x):
        return self.fc(x)


model = GCN(4)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
features = torch.randn(3, 4)
fast = False


def train(epoch):
    model.train()
    optimizer.zero_grad()
    output = model(features)
    loss_train = output.sum()
    loss_train.backward()
    optimizer.step()

    if not fast:
        model.eval()
        output = model(features)  # expect: GG001

    loss_val = output.sum()
    print(loss_train.item(), loss_val.item())


for epoch in range(3):
    train(epoch)
