import copy

import torch
import torch.nn.functional as F
from torch import nn


class FeatureDistillPlugin:
    """A training plugin: its penalty is added to the trainer's loss before
    the trainer's backward, so the features it computes need their gradient
    even though the model is put in eval mode first."""

    def __init__(self, weight):
        self.weight = weight
        self.old_model = None

    def distance(self, a, b):
        return F.mse_loss(a, b)

    def penalty(self, x, model):
        if self.old_model is None:
            return 0
        new_f, old_f = self.features(model, x)
        return self.weight * self.distance(new_f, old_f)

    def features(self, model: nn.Module, x):
        model.eval()
        self.old_model.eval()
        return model(x), self.old_model(x)

    def before_backward(self, trainer, **kwargs):
        trainer.loss += self.penalty(trainer.batch, trainer.model)

    def after_experience(self, trainer, **kwargs):
        self.old_model = copy.deepcopy(trainer.model)


class Probe:
    def __init__(self, model: nn.Module):
        self.model = model

    def embed(self, x):
        self.model.eval()
        return self.model(x)  # expect: GG001

    def report(self, sink, x):
        # The result is stored for display on an object handed in, as a number.
        sink.last_norm = self.embed(x).norm().item()
