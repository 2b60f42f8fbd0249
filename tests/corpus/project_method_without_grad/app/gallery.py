import torch

from lib import ImageFeaturizer as Reexported
from lib.featurizer import FrozenTeacher, ImageFeaturizer, PlainSub, Trainable, TunedFeaturizer, embed_batch


class Gallery:
    def refresh(self, images):
        # The annotation and the construction both name the class of another file.
        self.featurizer: ImageFeaturizer = ImageFeaturizer(width=4)
        self.featurizer.eval()
        return self.featurizer.encode(images)


def embed_inherited(images):
    feats = PlainSub()
    feats.eval()
    return feats.encode(images)


def embed_overridden(images):
    tuned = TunedFeaturizer()
    tuned.eval()
    return tuned.encode(images)  # expect: GG001


def embed_undecorated(images):
    plain = Trainable()
    plain.eval()
    return plain.encode(images)  # expect: GG001


def distill(images):
    teacher = FrozenTeacher()
    teacher.eval()
    return teacher(images)


def embed_with_helper(model, images):
    # The helper turns grad off in its own file; it is not the forward itself.
    model.eval()
    return embed_batch(model, images)


def embed_maybe_replaced(images, build):
    # Bound to something else too: the class no longer says how encode() runs.
    encoder = ImageFeaturizer()
    if build:
        encoder = build()
    encoder.eval()
    return encoder.encode(images)  # expect: GG001


def refresh_through_package(images, device):
    # Imported from the package that re-exports it, built and moved in one chain.
    feats = Reexported(width=4).to(device)
    feats.eval()
    return feats.encode(images)
