import torch
from torch import nn


class Talker(nn.Module):
    def __init__(self, vocab, width):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.rnn = nn.GRU(width, width, batch_first=True)
        self.out = nn.Linear(width, vocab)
        self.optimizer = torch.optim.Adam(self.parameters())

    def forward(self, tokens):
        hidden, _ = self.rnn(self.embed(tokens))
        return self.out(hidden)

    def train_one_batch(self, batch, step, train=True):
        if(train):
            self.optimizer.zero_grad()
        logits = self(batch["src"])
        loss = nn.functional.cross_entropy(logits.flatten(0, 1), batch["tgt"].flatten())
        if(train):
            loss.backward()
            self.optimizer.step()
        return loss.item(), step

    def greedy(self, batch, steps=20):
        tokens = batch["src"][:, :1]
        for _ in range(steps):
            nxt = self(tokens)[:, -1].argmax(-1, keepdim=True)
            tokens = torch.cat([tokens, nxt], dim=1)
        return tokens
