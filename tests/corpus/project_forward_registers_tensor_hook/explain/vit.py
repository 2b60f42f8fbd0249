# Networks built for relevance propagation: the forward keeps what it computes
# and registers a hook on it, so that a later backward hands the hook the
# gradient. Tensor.register_hook raises on a tensor that does not require grad:
# run under no_grad, these forwards fail, so their evaluation keeps autograd
# on. A hook registered only when the tensor requires grad does not fail.
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, dim * 3)
        self.grads = None

    def keep_grad(self, g):
        self.grads = g

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        attn = (q @ k.transpose(-2, -1)).softmax(dim=-1)
        attn.register_hook(self.keep_grad)
        return attn @ v


class Tagger(nn.Module):
    def __init__(self, dim=32, classes=10):
        super().__init__()
        self.block = Block(dim)
        self.head = nn.Linear(dim, classes)

    def save_input_grad(self, g):
        self.input_grad = g

    def forward(self, x):
        x = self.block(x)
        x.register_hook(self.save_input_grad)
        return self.head(x.mean(1))


class Plain(nn.Module):
    def __init__(self, dim=32, classes=10):
        super().__init__()
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        y = self.head(x.mean(1))
        if y.requires_grad:
            y.register_hook(lambda g: g.clamp(-1, 1))
        return y


def tagger_small(pretrained=False):
    model = Tagger()
    if pretrained:
        model.load_state_dict(torch.load("tagger.pt"))
    return model
