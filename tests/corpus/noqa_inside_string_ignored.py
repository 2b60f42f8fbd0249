import torch


def validate(model, loader):
    model.eval()
    for images in loader:
        logits = model(images); s = "# noqa"  # expect: GG001
    return logits
