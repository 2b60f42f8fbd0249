"""A training script whose validation runs out of CUDA memory: model.eval()
switches dropout and batch norm to inference behaviour but does not stop
autograd, so every activation of every validation batch is kept for a
backward pass that never comes. gradguard flags the forward in validate().
"""
import torch
from torch import nn


def train_one_epoch(model, loader, optimizer, device):
    model.train()
    for images, labels in loader:
        loss = nn.functional.cross_entropy(model(images.to(device)), labels.to(device))
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def validate(model, loader, device):
    model.eval()
    correct = total = 0
    for images, labels in loader:
        images, labels = images.to(device), labels.to(device)
        outputs = model(images)
        correct += (outputs.argmax(dim=1) == labels).sum().item()
        total += labels.numel()
    return correct / total


def fit(model, train_loader, val_loader, epochs=10):
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model.to(device)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        train_one_epoch(model, train_loader, optimizer, device)
        print(f"epoch {epoch}: accuracy {validate(model, val_loader, device):.3f}")
