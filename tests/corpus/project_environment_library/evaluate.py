import torch

from vendorkit import Captioner, ImageCaptioner, Tagger
from vendorkit.utils.grad import quiet_inference

# vendorkit is installed in the project's .venv: gradguard reads it there.


def caption_all(loader):
    captioner = Captioner.from_pretrained("base")
    captioner.eval()
    # Captioner.__call__ is decorated with torch.no_grad() in the library.
    return [captioner(images) for images in loader]


def caption_renamed(loader):
    # The package exports Captioner under another name too: the same class.
    captioner = ImageCaptioner.from_pretrained("base")
    captioner.eval()
    return [captioner(images) for images in loader]


def tag_all(loader):
    tagger = Tagger.from_pretrained("base")
    tagger.eval()
    # Tagger's call is a plain forward: autograd is on.
    return [tagger(images) for images in loader]  # expect: GG001


@quiet_inference()
def validate(model, loader):
    model.eval()
    return [model(images) for images in loader]


def validate_unguarded(model, loader):
    model.eval()
    return [model(images) for images in loader]  # expect: GG001


def tally(loader):
    return torch.stack([images.mean() for images in loader])
