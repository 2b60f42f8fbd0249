import torch

from search.base import Searcher


class GreedySearcher(Searcher):
    def _score(self, x):
        with torch.enable_grad():
            self.net.train()
            self.net.zero_grad()
        self.net.eval()
        return self.net(x)

    def _probe(self, x):
        # The base runs _probe() with grad on, and this file never calls it:
        # the base's own use decides the grad mode (it may need the
        # gradient, as an attack does), so its .eval() here is no evidence.
        self.net.eval()
        return self.net(x)


class CallsItself(Searcher):
    def _score(self, x):
        self.net.eval()
        return self.net(x)  # expect: GG001

    def summary(self, x):
        # This file runs the override with grad on itself.
        return self._score(x)


class Middle(Searcher):
    pass


class Leaf(Middle):
    def _score(self, x):
        self.net.eval()
        return self.net(x)
