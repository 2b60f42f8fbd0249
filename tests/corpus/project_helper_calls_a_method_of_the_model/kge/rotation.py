import torch
import torch.nn as nn


class Rotation(nn.Module):
    def __init__(self, entities, relations, dim=16):
        super().__init__()
        self.ent = nn.Embedding(entities, dim)
        self.rel = nn.Embedding(relations, dim)

    def forward(self, heads, rels, tails):
        return (self.ent(heads) * self.rel(rels) - self.ent(tails)).norm(dim=-1)

    def project_queries(self, triples):
        return self.ent(triples[:, 0]) * self.rel(triples[:, 1])
