# Names no framework at all: it only derives from the scorer.
from runners.base import Scorer


class QuickScorer(Scorer):
    def budget(self):
        return 4
