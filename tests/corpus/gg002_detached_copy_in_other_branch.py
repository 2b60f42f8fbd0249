"""A captioner's sampling decoder keeps the graph of what it gathers only
when asked to (`train=True`, for a policy-gradient update elsewhere); its
other branch gathers detached copies into the same lists. The author chose
in each branch: the graph-keeping branch is no accidental accumulation, and
detaching it would make both branches the same. The detached branch itself
holds nothing to report either. The forward itself, in a function that puts
the model in eval mode and is called by nothing that trains, is GG001's."""
import torch
from torch import nn


class Captioner(nn.Module):
    def __init__(self, vocab=100, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.out = nn.Linear(dim, vocab)


def infer_batch(model, h, steps=10, train=False):
    if not train:
        model.eval()
    word = torch.zeros(h.shape[0], dtype=torch.long)
    log_probs, entropies, words = [], [], []
    for _ in range(steps):
        h = model.cell(model.embed(word), h)  # expect: GG001
        dist = torch.distributions.Categorical(logits=model.out(h))  # expect: GG001
        word = dist.sample()
        if train:
            log_probs.append(dist.log_prob(word))
            entropies.append(dist.entropy())
        else:
            log_probs.append(dist.log_prob(word).detach())
            entropies.append(dist.entropy().detach())
        words.append(word.tolist())
    return words, torch.stack(log_probs), torch.stack(entropies)


def validate(model, val_loader):
    captions = []
    for h in val_loader:
        words, _, _ = infer_batch(model, h)
        captions.extend(words)
    return captions


def main(val_loader):
    model = Captioner()
    model.load_state_dict(torch.load("captioner.pt"))
    return validate(model, val_loader)
