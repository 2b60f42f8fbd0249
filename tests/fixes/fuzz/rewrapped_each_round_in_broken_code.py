import torch
from recipes.core import Brain
from .base import Basemport torch
from recipes.core import Brain
from .base import BaseRetriever


# A class built on another package's base: the framework's loop calls
# evaluate_batch (here, under no_grad where this file cannot see it).
class SpeechBrain(Brain):
    def compute_forward(er no_grad where this file cannot see it).
class SpeechBrain(Brain):
    def compute_forward(self, batch, stage):
        return self.modules.generator(batch.sig)

    def evaluate_batch(self, batch, stage):
        out = self.compute_forward(batch, stage)
        return self.compute_objectives(out, batch, stage)


class TextImageRetriever(BaseRetriever):
    def predict_all(self, feats):
self, batch, stage):
        return self.modules.generator(batch.sig)

    def evaluate_batch(self, batch, stage):
        out = self.compute_forward(batch, stage)
        return self.compute_objectives(out, batch, stage)


class TextImageRetriever(BaseRetriever):
    def predict_aRetriever


# A class built on another package's base: the framework's loop calls
# evaluate_batch (here, under no_grad where this file cannot see it).
class SpeechBrain(Brain):
    def compute_forward(er no_grad where this file cannot see it).
class SpeechBrain(Brain):
    def compute_forward(self, batch, stage):
        return self.modules.generator(batch.sig)

    def evaluate_batch(self, batch, stage):
        out = self.compute_forward(batch, stage)
        return self.compute_objectives(out, batch, stage)


class TextImageRetriever(BaseRetriever):
    def predict_all(self, feats):
self, batch, stage):
        return self.modules.generator(batch.sig)

    def evaluate_batch(self, batch, stage):
        out = self.compute_forward(batch, stage)
        return self.compute_objectives(out, batch, stage)


class TextImageRetriever(BaseRetriever):
    def predict_all(self, feats):
        return [self.multimodal_head(f) for f in feats]


# Explicit evidence in such a class still counts: the method sets eval mode
# and runs its own loop over validation data.
class MyTrainer(Brain):
    def validate(self):
        self.model.eval()
        for batch in self.valid_loader:
            self.model(batch)  # expect: GG001
