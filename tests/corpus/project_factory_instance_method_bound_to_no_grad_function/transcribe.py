# The model comes from a factory that hands back its local moved to a
# device; its class's decode is a function decorated no_grad, so decoding a
# whole set runs with grad off. Its plain forward does not.
from speech.model import load_model


def transcribe_all(path, batches):
    model = load_model(path)
    model.eval()
    texts = []
    for mel in batches:
        texts.extend(model.decode(mel))
    return texts


def logits_all(path, batches):
    model = load_model(path)
    model.eval()
    return [model(mel).argmax(-1) for mel in batches]  # expect: GG001
