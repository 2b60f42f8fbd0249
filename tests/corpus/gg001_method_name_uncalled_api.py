# A method's name is its class's API. When this file never calls it, or
# calls it only from the class's own methods, its callers live elsewhere
# (a task runner that calls generate() under no_grad, a sampler that builds
# the solver inside a @torch.no_grad() method) and own the grad mode: the
# name alone ("generate", "sample", "prediction") is no evidence. The same
# names still count when the file calls the method from outside the class
# once per item of some data, and a method's own .eval() always does.
import torch


class ScoreDecoder(object):
    def __init__(self, vocab):
        self.vocab = vocab

    def generate(self, models, batch):
        feats = self.emissions(models, batch)
        return feats.argmax(-1)

    def emissions(self, models, batch):
        model = models[0]
        return model(**batch)


class StepSolver:
    def __init__(self, model):
        self.model = model

    def noise_prediction(self, x, t):
        return self.model(x, t)

    def data_prediction(self, x, t):
        return x - self.noise_prediction(x, t)

    def sample(self, x, steps):
        for t in range(steps):
            x = self.data_prediction(x, t)
        return x


class Tagger:
    def __init__(self, model):
        self.model = model

    def predict(self, batch):
        return self.model(batch)  # expect: GG001

    def evaluate(self, loader):
        self.model.eval()
        return [self.model(b) for b in loader]  # expect: GG001


def main(model, batches):
    tagger = Tagger(model)
    return [tagger.predict(b) for b in batches]
