import torch


def evaluate(model, loader):
    model.eval()
    for batch in loader:
        out = model(batch)  # noqa: E501  # expect: GG001
        print(out)
