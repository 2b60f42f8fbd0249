import torch


def run(model, dataloaders, criterion):
    losses = []
    for inputs, labels in dataloaders["val"]:
        outputs = model(inputs)  # expect: GG001
        losses.append(criterion(outputs, labels).item())
    return losses
