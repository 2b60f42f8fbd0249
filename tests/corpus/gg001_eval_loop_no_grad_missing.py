import torch


def validate(model, loader, device):
    model.eval()
    correct = 0
    for images, labels in loader:
        images = images.to(device)
        logits = model(images)  # expect: GG001
        correct += (logits.argmax(1) == labels).sum().item()
    return correct / len(loader.dataset)
