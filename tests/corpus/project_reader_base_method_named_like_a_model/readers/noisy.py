# A subclass calls the base's method by a name that says "generator": this
# file never stores such an attribute, so it is the base's, of an origin
# this file does not show, and its name alone makes no model forward.
import torch

from readers.base import Reader


class NoisyReader(Reader):
    def __init__(self, tensors, seed=0):
        super().__init__(seed)
        self.tensors = tensors

    def _load_sample(self, index):
        generator = self._index_generator(index)
        x = self.tensors[index]
        return x + 0.01 * torch.randn(x.shape, generator=generator)
