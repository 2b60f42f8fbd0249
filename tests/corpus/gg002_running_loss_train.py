import torch
import torch.nn as nn


def train_epoch(model, loader, optimizer, device):
    criterion = nn.CrossEntropyLoss()
    model.train()
    running_loss = 0.0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        optimizer.zero_grad()
        outputs = model(images)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()
        running_loss += loss  # expect: GG002
    return running_loss.item() / len(loader)
