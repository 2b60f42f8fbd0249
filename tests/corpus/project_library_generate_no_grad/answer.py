# transformers' generate() is decorated no_grad on every model class, however
# the model was made; a project class's own generate() is a forward.
import torch
from transformers import T5ForConditionalGeneration

from sampler import Sampler


def answer(ids):
    model = T5ForConditionalGeneration.from_pretrained("t5-small")
    model.eval()
    return model.generate(ids, max_length=20)


def draw(batches):
    s = Sampler()
    s.eval()
    return [s.generate(x) for x in batches]  # expect: GG001
