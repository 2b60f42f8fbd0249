from runners import quick


class QuieterScorer(quick.QuickScorer):
    pass


class LoudScorer(quick.QuickScorer):
    def __call__(self, batch):
        return self.net(batch)
