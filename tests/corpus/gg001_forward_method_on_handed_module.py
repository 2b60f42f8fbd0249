# A helper handed a module runs it through its forward() method: that call
# is the forward, reported where the helper is called for evaluation. The
# module's own forward() body is the model's, shared with training, and is
# no second finding; nor is it where a method of the module runs
# self.forward(x) itself.
import torch
from torch import nn


class Matcher(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(6, 3)

    def forward(self, x):
        return self.proj(x)

    def best(self, x):
        self.eval()
        return self.forward(x).argmax(1)  # expect: GG001


def fit(net, opt, batches):
    for b in batches:
        loss = net.forward(b).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def top_matches(net, batches):
    picks = []
    for b in batches:
        picks.append(net.forward(b).argmax(1))  # expect: GG001
    return picks


net = Matcher()
fit(net, torch.optim.SGD(net.parameters(), lr=0.1), [torch.randn(2, 6)])
net.eval()
print(top_matches(net, [torch.randn(2, 6)]))
