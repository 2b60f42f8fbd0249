import torch

from .featurizer import ImageFeaturizer


def evaluate_relative(images):
    # A relative import names the same class.
    extractor = ImageFeaturizer()
    extractor.eval()
    return extractor.encode(images)


def evaluate_forward(images):
    # forward() is not decorated: running the instance is a forward with grad on.
    extractor2 = ImageFeaturizer()
    extractor2.eval()
    return extractor2(images)  # expect: GG001
