import torch

from utils.frozen import held_still
from utils.grad_modes import NoTracking, inference_guard


# Another file of the project defines these; the project index knows they
# turn grad off.
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
    return [model(x).argmax(-1) for x in loader]  # expect: GG001


def probe(model, loader):
    model.eval()
    with held_still(model):
        return [model(x).softmax(-1) for x in loader]
