import torch
from torch import nn


class TreeDecoder(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.word = nn.Linear(width, 32)
        self.stop = nn.Linear(width, 1)

    def forward(self, nodes, latent):
        word_logits = self.word(nodes + latent)
        stop_logits = self.stop(nodes).squeeze(-1)
        word_loss = nn.functional.cross_entropy(word_logits, nodes.argmax(-1))
        stop_loss = nn.functional.binary_cross_entropy_with_logits(stop_logits, nodes[:, 0])
        word_hit = (word_logits.argmax(-1) == nodes.argmax(-1)).float().mean()
        stop_hit = ((stop_logits > 0).float() == nodes[:, 0]).float().mean()
        return word_loss, stop_loss, word_hit.item(), stop_hit.item()
