import torch
from torch import nn

from .decoder import TreeDecoder


class GraphAutoencoder(nn.Module):
    def __init__(self, width, aligned=True):
        super().__init__()
        self.aligned = aligned
        self.encoder = nn.Linear(width, width)
        self.decoder = TreeDecoder(width)
        self.scorer = nn.Linear(width, 1)

    def align(self, nodes, latent):
        hits, seen = 0, 0
        loss = 0.0
        for row in range(nodes.size(0)):
            score = self.scorer(nodes[row] + latent[row])
            loss = loss + score.pow(2).sum()
            if score.item() > 0:
                hits += 1
            seen += 1
        return loss, hits * 1.0 / seen

    def forward(self, nodes):
        latent = self.encoder(nodes)
        divergence = latent.pow(2).mean()
        word_loss, stop_loss, word_hit, stop_hit = self.decoder(nodes, latent)
        if self.aligned:
            align_loss, align_hit = self.align(nodes, latent)
        else:
            align_loss, align_hit = 0, 0
        total = word_loss + stop_loss + align_loss + divergence
        return total, divergence.item(), word_hit, stop_hit, align_hit, stop_loss.data


class ActorCritic(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.actor = nn.Linear(width, 4)
        self.critic = nn.Linear(width, 1)

    def forward(self, state):
        logits = self.actor(state)
        dist = torch.distributions.Categorical(logits=logits)
        action = dist.sample()
        return action, dist.log_prob(action), self.critic(state)
