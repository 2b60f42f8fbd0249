import torch
import torch.nn as nn


def train_epoch(model, loader, optimizer):
    criterion = nn.CrossEntropyLoss()
    running_loss = 0.0
    for images, labels in loader:
        optimizer.zero_grad()
        loss = criterion(model(images), labels)
        loss.backward()
        optimizer.step()
        running_loss += loss.item()
    return running_loss / len(loader)
