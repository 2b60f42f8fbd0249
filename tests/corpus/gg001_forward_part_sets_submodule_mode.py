# A quality metric written as a module: its scoring method, called from its
# own forward, puts a frozen pretrained trunk in eval mode to keep its
# normalisation statistics, then runs the trainable head. That .eval() is
# the module managing its parts, and its callers choose grad: training
# backwards through it. Evaluating the whole metric over data is another
# matter.
import torch
import torch.nn as nn


class QualityNet(nn.Module):
    def __init__(self, trunk):
        super().__init__()
        self.trunk = trunk
        for p in self.trunk.parameters():
            p.requires_grad = False
        self.head = nn.Linear(512, 1)

    def _features(self, img):
        self.trunk.eval()
        return self.trunk(img)

    def regress_score(self, img):
        feats = self._features(img)
        return self.head(feats)

    def forward(self, img):
        return self.regress_score(img)


def train(net, loader, opt):
    net.train()
    for img, target in loader:
        loss = (net(img).squeeze(1) - target).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def evaluate(net, test_loader):
    net.eval()
    return [net(img).mean().item() for img, _ in test_loader]  # expect: GG001
