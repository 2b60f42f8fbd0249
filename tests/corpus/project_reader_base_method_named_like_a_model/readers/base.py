# A reader base class: each sample gets its own random generator, a
# torch.Generator seeded from the sample's index (a method, not a model).
from abc import ABC, abstractmethod

import torch


class Reader(ABC):
    def __init__(self, seed=0):
        self.seed = seed

    def _index_generator(self, index):
        g = torch.Generator()
        g.manual_seed(self.seed * 1_000_003 + index)
        return g

    @abstractmethod
    def _load_sample(self, index):
        ...

    def __getitem__(self, index):
        return self._load_sample(index)
