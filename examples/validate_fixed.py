"""The same validation, correct: no graph is recorded under torch.no_grad()."""
import torch


@torch.no_grad()
def validate(model, loader, device):
    model.eval()
    correct = total = 0
    for images, labels in loader:
        outputs = model(images.to(device))
        correct += (outputs.argmax(dim=1) == labels.to(device)).sum().item()
        total += labels.numel()
    model.train()
    return correct / total


def evaluate_loss(model, loader, criterion):
    model.eval()
    losses = []
    with torch.inference_mode():
        for inputs, targets in loader:
            losses.append(criterion(model(inputs), targets).item())
    model.train()
    return sum(losses) / max(len(losses), 1)
