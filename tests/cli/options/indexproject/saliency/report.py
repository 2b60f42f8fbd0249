import torch

from .guided import InputSaliency


def report(net, image):
    net.eval()
    with torch.no_grad():
        logits = net(image)
    saliency_model = InputSaliency(net)
    return logits, saliency_model(image)
