import torch


def validate(model, loader):
    model.eval()
    for images in loader:
        # noqa
        logits = model(images)  # expect: GG001
    return logits
