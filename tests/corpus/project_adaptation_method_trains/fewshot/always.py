# A method that always adapts: its scoring is the adaptation step of the
# base class (in another file), so calling it trains a head too.
from fewshot.methods import FineTuneMethod


class AlwaysAdapt(FineTuneMethod):
    def score_episode(self, x):
        return self.adapt_and_score(x)
