# Two forwards of one evaluation region, one statement after the other (an
# image encoder and a caption decoder): one wrap covers both; --fix leaves
# neither with grad on. A statement between two forwards (it could call code
# elsewhere that takes a gradient) keeps their wraps apart.
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(8, 4)

    def forward(self, pixels):
        return self.proj(pixels)


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.step = nn.Linear(4, 4)

    def forward(self, state):
        return self.step(state)


def describe(path, pixels):
    encoder, decoder = Encoder(), Decoder()
    encoder.load_state_dict(torch.load(path))
    encoder.eval()
    decoder.eval()
    code = encoder(pixels)  # expect: GG001
    words = decoder(code * 2)  # expect: GG001
    return words.argmax(-1).tolist()


def explain(path, pixels, saliency):
    encoder = Encoder()
    encoder.load_state_dict(torch.load(path))
    encoder.eval()
    before = encoder(pixels)  # expect: GG001
    heat = saliency(encoder, pixels)
    after = encoder(pixels * (1 - heat))  # expect: GG001
    return before, after
