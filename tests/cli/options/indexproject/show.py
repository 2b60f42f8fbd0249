import torch
import torchvision

from helper import EdgeSaliency
from saliency import InputSaliency


def explain(image):
    model = torchvision.models.resnet18(weights=None).eval()
    with torch.no_grad():
        scores = model(image)
    guided_model = InputSaliency(model)
    heat = guided_model(image, target=None)
    edge_model = EdgeSaliency(model)
    edges = edge_model(image)
    return scores, heat, edges
