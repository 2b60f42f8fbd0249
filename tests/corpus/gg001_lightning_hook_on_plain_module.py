import torch
from torch import nn


class NeuralNet(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def validation_step(self, Xi, yi):
        y_pred = self(Xi)  # expect: GG001
        return nn.functional.cross_entropy(y_pred, yi)


# Nothing runs a plain nn.Module's validation_step without grad: the user's own
# loop does, and it does not turn grad off.
def fit(net, train_loader, valid_loader, optimizer):
    for Xi, yi in train_loader:
        loss = nn.functional.cross_entropy(net(Xi), yi)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    net.eval()
    for Xi, yi in valid_loader:
        net.validation_step(Xi, yi)
