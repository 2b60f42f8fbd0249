# An input normalisation written as a module: its constants are tensors it
# makes itself, no parameter, nothing handed in. Its call computes a fixed
# function of its input and records a graph only where the input brings one:
# images read from disk bring none, so nothing is reported at it. The
# classifier is frozen: silent too. A wrapper that holds a module handed in
# is no fixed function: its call is a forward.
import torch
import torch.nn as nn
from torchvision import models


class Rescale(nn.Module):
    def __init__(self, lo, hi):
        super().__init__()
        self.lo = torch.Tensor(lo)
        self.hi = torch.tensor(hi).view(1, -1, 1, 1)

    def forward(self, x):
        return (x - self.lo) / (self.hi - self.lo)


class Holder(nn.Module):
    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def forward(self, x):
        return self.inner(x)


prep = Rescale([0.0], [255.0])
clf = models.resnet18(weights=None).eval()
for p in clf.parameters():
    p.requires_grad = False
head = Holder(nn.Linear(1000, 10))
head.eval()

scores = []
for batch in image_batches:
    scores.append(clf(prep(batch)))
    logits = head(batch.flatten(1)[:, :1000])  # expect: GG001
