import torch

from meta.base import Learner


class FastLearner(Learner):
    def __init__(self, module, lr):
        super().__init__()
        self.module = module
        self.lr = lr

    def forward(self, x, step=None):
        return self.module(x)

    def adapt(self, loss, step=None):
        grads = torch.autograd.grad(loss, list(self.module.parameters()), create_graph=True)
        for p, g in zip(self.module.parameters(), grads):
            p.data = p.data - self.lr * g
