# A processing pipeline's step: an abstract base with __call__, no module.
from abc import ABC, abstractmethod


class Step(ABC):
    @abstractmethod
    def __call__(self, item):
        ...
