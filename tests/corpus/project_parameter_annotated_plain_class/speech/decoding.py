# A CTC decoder: a plain class (no torch module), turning per-frame
# probabilities into strings by argmax or a beam search.
import torch


class CTCDecoder(object):
    def __init__(self, alphabet, blank=0):
        self.alphabet = alphabet
        self.blank = blank

    def decode(self, probs):
        best = torch.argmax(probs, dim=-1)
        return ["".join(self.alphabet[i] for i in seq if i != self.blank) for seq in best.tolist()]


class BeamDecoder(CTCDecoder):
    def __init__(self, alphabet, width=8):
        super().__init__(alphabet)
        self.width = width
