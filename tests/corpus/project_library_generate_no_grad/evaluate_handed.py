# A model handed in from elsewhere, in a file that uses transformers: its
# generate() may be the library's, which runs without grad, so a project
# class's generate() of the same name is no evidence. One built here from
# the project's class is that class's.
import torch
from transformers import get_scheduler

from sampler import Sampler


def bleu_pass(model, loader):
    model.eval()
    if hasattr(model, "module"):
        model = model.module
    return [model.generate(ids, num_beams=4) for ids in loader]


def sample_pass(loader):
    s = Sampler()
    s.eval()
    return [s.generate(x) for x in loader]  # expect: GG001


def greedy_pass(model, loader):
    model.eval()
    return [model.generate(ids, max_length=32) for ids in loader]
