import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer
        self.criterion = nn.CrossEntropyLoss()

    def run_epoch(self, loader):
        total = 0.0
        seen = 0
        for x, y in loader:
            out = self.model(x)
            loss = self.criterion(out, y)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            total += loss * x.size(0)  # expect: GG002
            seen += x.size(0)
        print("train loss", total.item() / seen)
