import torch

from speech.decoding import BeamDecoder, CTCDecoder


def load_acoustic_model(path):
    return torch.load(path)


def load_decoder(alphabet, beam=False):
    if beam:
        return BeamDecoder(alphabet)
    return CTCDecoder(alphabet)
