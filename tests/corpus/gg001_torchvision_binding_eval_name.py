import torch
import torchvision


def score_images(paths, loader_fn):
    cnn = torchvision.models.resnet18(weights="DEFAULT")
    cnn.eval()
    return [cnn(loader_fn(p)).softmax(-1).max().item() for p in paths]  # expect: GG001
