from .featurizer import ImageFeaturizer  # the package re-exports it
