# An energy model's evaluation script. The nested sampler asks the gradient of
# the input it made require one (Langevin steps): it trains no parameter, so
# the classifier's forward over the test data, outside the sampler, is still
# evaluation with autograd on.
import torch
import torch.nn as nn


class EnergyClassifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(32, 10)

    def forward(self, x):
        return self.body(x).logsumexp(1)

    def classify(self, x):
        return self.body(x)  # expect: GG001


def score_test_set(net, loader, steps, step_size):
    def refine(x):
        x_k = x.clone().requires_grad_(True)
        for _ in range(steps):
            g = torch.autograd.grad(net(x_k).sum(), [x_k], retain_graph=True)[0]
            x_k = (x_k + step_size * g).detach().requires_grad_(True)
        return x_k.detach()

    hits = []
    for x, y in loader:
        x = refine(x)
        logits = net.classify(x)
        hits.append((logits.argmax(1) == y).float().cpu().numpy())
    return hits


def main(path):
    net = EnergyClassifier()
    net.load_state_dict(torch.load(path))
    net.eval()
    loader = torch.utils.data.DataLoader(torch.load("test_split.pt"), batch_size=64)
    print(score_test_set(net, loader, steps=0, step_size=1.0))
