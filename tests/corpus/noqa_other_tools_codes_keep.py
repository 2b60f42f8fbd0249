import torch


def validate(model, loader):
    model.eval()
    for images in loader:
        logits = model(images)  # noqa: E501 W291  # expect: GG001
    return logits
