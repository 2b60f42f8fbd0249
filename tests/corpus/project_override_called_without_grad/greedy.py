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
        self.net.eval()
        return self.net(x)  # expect: GG001


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
