import torch


def evaluate(model, x):
    model.eval()
    with torch.no_grad(:  # expect: GG000
        return model(x)
