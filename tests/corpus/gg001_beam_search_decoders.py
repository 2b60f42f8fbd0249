# Beam-search decoders from libraries whose objects are no torch modules:
# attributes named decoder that hold them decode emissions, they run no
# forward. The acoustic model beside them is still one.
import torch
from flashlight.lib.text.decoder import LexiconDecoder
from torchaudio.models.decoder import ctc_decoder


class Transcriber:
    def __init__(self, acoustic, lexicon, tokens):
        self.acoustic = acoustic
        self.decoder = LexiconDecoder(lexicon, tokens)
        self.ctc = ctc_decoder(lexicon=None, tokens=tokens)

    def decode(self, emissions):
        hyps = []
        for b in range(emissions.size(0)):
            hyps.append(self.decoder.decode(emissions[b].data_ptr(), emissions.size(1)))
        return hyps, self.ctc(emissions)

    def predict(self, waves):
        self.acoustic.eval()
        return self.acoustic(waves)  # expect: GG001
