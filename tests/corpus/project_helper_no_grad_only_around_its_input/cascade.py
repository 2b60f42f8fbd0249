# Detection with two trained stages, the second put in eval mode: the first
# stage's helper runs its network with autograd on in every pass of the
# pyramid loop; the second stage's helper turns grad off itself.
import torch

from nets import Proposer, Refiner
from stages import propose, refine, rescore


def detect(picture):
    first = Proposer()
    first.load_state_dict(torch.load("proposer.pt"))
    second = Refiner()
    second.load_state_dict(torch.load("refiner.pt"))
    second.eval()
    found = []
    for scale in (1.0, 0.7, 0.5):
        found.append(propose(picture, first, scale))  # expect: GG001
    return refine(found, second), rescore(found, second)
