import torch

from utils import inference_mode

ng = torch.no_grad


def evaluate(model, loader):
    model.eval()
    with inference_mode():
        first = [model(x) for x in loader]
    with ng():
        second = [model(x) for x in loader]
    third = [model(x) for x in loader]  # expect: GG001
    return first, second, third
