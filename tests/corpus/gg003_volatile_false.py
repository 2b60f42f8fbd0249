import torch
from torch.autograd import Variable


def train(model, loader, optimizer, criterion):
    for x, y in loader:
        x = Variable(x, volatile=False)
        y = Variable(y, requires_grad=False)
        loss = criterion(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
