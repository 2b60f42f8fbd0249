import torch
from torch import nn


class CachedFocal(nn.Module):
    """A loss without parameters that keeps its intermediate tensors on self."""

    def __init__(self, gamma=2.0):
        super().__init__()
        self.gamma = gamma
        self.probs = self.weights = None

    def forward(self, logits, target):
        self.probs = torch.sigmoid(logits)
        self.weights = torch.pow(1 - self.probs, self.gamma)
        return -(self.weights * target * torch.log(self.probs)).mean()


class BinnedError(nn.Module):
    """A metric without parameters: its bin edges are slices of one tensor."""

    def __init__(self, bins=10):
        super().__init__()
        edges = torch.linspace(0, 1, bins + 1)
        self.lower = edges[:-1]
        self.upper = edges[1:]

    def forward(self, probs, labels):
        conf, pred = probs.max(1)
        err = torch.zeros(1)
        for lo, hi in zip(self.lower, self.upper):
            inside = (conf > lo) & (conf <= hi)
            if inside.any():
                err += (conf[inside].mean() - (pred[inside] == labels[inside]).float().mean()).abs()
        return err


class LazyHead(nn.Module):
    """Builds its layer on the first call: a module with parameters after all."""

    def __init__(self):
        super().__init__()
        self.head = None

    def forward(self, x):
        if self.head is None:
            self.head = nn.Linear(x.shape[-1], 3)
        return self.head(x)


def report(net, probe, val_loader):
    net.eval()
    focal = CachedFocal()
    binned = BinnedError()
    with torch.no_grad():
        outs = [(net(x), y) for x, y in val_loader]
    for logits, y in outs:
        print(focal(logits, y).item(), binned(logits.softmax(1), y).item())
    probe.eval()
    for x, _ in val_loader:
        print(probe(x).argmax(1))  # expect: GG001


if __name__ == "__main__":
    net = nn.Linear(8, 3)
    net.load_state_dict(torch.load("net.pt"))
    probe = LazyHead()
    probe.load_state_dict(torch.load("probe.pt"), strict=False)
    report(net, probe, torch.load("val.pt"))
