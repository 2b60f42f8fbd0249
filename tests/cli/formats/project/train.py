import torch


def fit(model, loader, optimizer, criterion):
    running = 0.0
    for inputs, targets in loader:
        optimizer.zero_grad()
        loss = criterion(model(inputs), targets)
        loss.backward()
        optimizer.step()
        running += loss
    return running
