# What a value is comes from the class it is built from, found in the
# project's other files, whatever the name: a star-imported module class is
# a model under any name, an imported plain class with an encode() is none.
import torch
from nets import *
from vocab import WordEncoder

painter_b = Painter()
painter_b.eval()
word_encoder = WordEncoder("words.txt")


def sample_tiles(batches):
    tiles = []
    for x in batches:
        tiles.append(painter_b(x))  # expect: GG001, GG002
    return tiles


def caption(test_loader):
    for sentence in test_loader:
        print(word_encoder.encode([sentence]))
