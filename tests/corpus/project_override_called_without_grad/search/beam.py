import torch

from .base import Searcher


class BeamSearcher(Searcher):
    def _score(self, x):
        self.net.eval()
        return self.net(x).softmax(-1)
