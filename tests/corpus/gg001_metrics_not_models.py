import torch
import torchmetrics


def validate(model, val_loader, criterion, num_classes):
    model.eval()
    accuracy = torchmetrics.Accuracy(task="multiclass", num_classes=num_classes)
    losses = []
    for x, y in val_loader:
        with torch.no_grad():
            logits = model(x)
        losses.append(criterion(logits, y).item())
        accuracy(logits, y)
    return sum(losses) / len(losses), accuracy.compute()
