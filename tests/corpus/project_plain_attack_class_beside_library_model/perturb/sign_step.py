# A one-step sign attack kept as a plain object (not an nn.Module): its
# forward marks the batch as requiring grad, runs a backward through the
# surrogate it was handed and reads the batch's gradient. It is no model,
# and whoever calls it needs grad on.
import torch


class SignStep(object):
    def __init__(self, surrogate, criterion, radius):
        self.surrogate = surrogate
        self.criterion = criterion
        self.radius = radius

    def forward(self, batch, target):
        batch.requires_grad = True
        logits = self.surrogate(batch)
        self.surrogate.zero_grad()
        self.criterion(logits, target).backward()
        return torch.clamp(batch + self.radius * batch.grad.sign(), 0, 1)
