import torch


class Experiment:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def shared_step(self, batch, train: bool):
        x, y = batch
        logits = self.model(x)  # expect: GG001
        loss = torch.nn.functional.cross_entropy(logits, y)
        if train:
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        return loss.item()

    def fit_epoch(self, loader):
        return [self.shared_step(b, True) for b in loader]

    def check_epoch(self, loader):
        return [self.shared_step(b, train=False) for b in loader]
