# A plain class of a federated round: it holds a criterion (a loss, no
# network) and its score() puts the model it is handed in eval mode and
# runs it over its test split with grad on. That forward is reported here,
# where the fix belongs; the call in the other file is not a second one.
import torch
import torch.nn as nn


class ClientRound(object):
    def __init__(self, loader, device):
        self.loader = loader
        self.device = device
        self.criterion = nn.NLLLoss().to(device)

    def score(self, model):
        model.eval()
        loss, correct, total = 0.0, 0, 0
        for images, labels in self.loader:
            outputs = model(images.to(self.device))  # expect: GG001
            loss += self.criterion(outputs, labels.to(self.device)).item()
            correct += (outputs.argmax(1) == labels.to(self.device)).sum().item()
            total += len(labels)
        return correct / total, loss
