# Decoding with the holder built in eval mode: the encoder's and the squeeze
# layer's forwards run with grad on, one after the other; one wrap covers both.
import torch

from nets import Summarizer


class Decoder:
    def __init__(self, path):
        self.model = Summarizer(path, is_eval=True)

    def decode(self, batches):
        codes = []
        for x in batches:
            _, hidden = self.model.encoder(x)  # expect: GG001
            codes.append(self.model.squeeze(hidden[-1]).argmax(-1).tolist())  # expect: GG001
        return codes


def main(path, batches):
    return Decoder(path).decode(batches)
