import torch


class Runner:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def step(self, batch, train):
        x, y = batch
        loss = torch.nn.functional.cross_entropy(self.model(x), y)
        if train:
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
        return loss.item()

    def run_epoch(self, loader):
        return [self.step(b, True) for b in loader]

    @torch.no_grad()
    def run_validation(self, val_loader):
        return [self.step(b, False) for b in val_loader]
