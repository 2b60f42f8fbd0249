# The project's own encode() is a tokenizer's, and its inference() a topic
# model wrapper's that turns grad off itself: both plain classes.
import torch


class TextEncoder(object):
    def __init__(self, vocab):
        self.encoder = vocab

    def encode(self, texts, verbose=True):
        return [[self.encoder.get(w, 0) for w in t.split()] for t in texts]


class TopicModel:
    def __init__(self, net):
        self.net = net

    def inference(self, bow):
        with torch.no_grad():
            return self.net(bow).softmax(-1)
