import torch

from utils.grad_modes import NoTracking, inference_guard


@inference_guard()
def run_validation(model, loader):
    model.eval()
    return [model(x) for x in loader]


def score(model, loader):
    model.eval()
    with NoTracking():
        return [model(x).argmax(-1) for x in loader]


def score_unguarded(model, loader):
    model.eval()
    return [model(x).argmax(-1) for x in loader]
