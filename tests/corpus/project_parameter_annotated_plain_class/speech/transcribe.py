# The acoustic model runs under no_grad; the decoder's decode() afterwards
# is a plain object's method, whatever its name and its parameter's name
# say: the annotation names the plain class it is.
import torch

from speech.decoding import CTCDecoder
from speech.loading import load_decoder, load_acoustic_model


def run_transcribe(chunks, model, decoder: CTCDecoder):
    outs = []
    with torch.no_grad():
        for chunk in chunks:
            outs.append(model(chunk).cpu())
    probs = torch.cat(outs, dim=1)
    return decoder.decode(probs)


def transcribe(chunks, path):
    model = load_acoustic_model(path)
    model.eval()
    decoder = load_decoder(model.alphabet)
    return run_transcribe(chunks, model=model, decoder=decoder)
