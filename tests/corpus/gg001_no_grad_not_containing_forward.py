import torch


def validate(model, val_loader, criterion):
    model.eval()
    total = 0.0
    for images, labels in val_loader:
        logits = model(images)  # expect: GG001
        with torch.no_grad():
            total += criterion(logits, labels).item()
    return total / len(val_loader)
