# A base runner's evaluation loop calls a hook its subclasses define, and runs
# that loop under no_grad. The subclass's hook puts the network in eval mode
# and runs it: grad is already off where it runs, so nothing to report. A
# hook the base's unguarded loop calls is the mistake.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 2)

    def forward(self, x):
        return self.lin(x)


class Runner:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches

    def run_eval(self):
        with torch.no_grad():
            return [self.score_batch(b) for b in self.batches]

    def run_probe(self):
        return [self.probe_batch(b) for b in self.batches]


class Scorer(Runner):
    def score_batch(self, batch):
        self.net.eval()
        return self.net(batch).argmax(-1).tolist()

    def probe_batch(self, batch):
        self.net.eval()
        return self.net(batch).max(-1).values.tolist()  # expect: GG001
