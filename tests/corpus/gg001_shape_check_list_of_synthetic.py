# A layer's self-test, called with several settings from a __main__ helper:
# a fresh module run once on a list of constant tensors made by a
# comprehension, its output asserted. A shape check, however its inputs are
# gathered. A trained layer run on a list of real batches is evaluation.
import torch
import torch.nn as nn


class Mix(nn.Module):
    def __init__(self, n, dim):
        super().__init__()
        self.weights = nn.Parameter(torch.zeros(n))
        self.proj = nn.Linear(dim, dim)

    def forward(self, xs):
        w = torch.softmax(self.weights, dim=0)
        return self.proj(sum(wi * x for wi, x in zip(w, xs)))


def _test_mix(n, dim):
    m = Mix(n, dim)
    xs = [torch.ones(3, 4, dim) for _ in range(n)]
    y = m(xs)
    assert y.shape == xs[0].shape


def _test_mix_main():
    _test_mix(3, 50)
    _test_mix(2, 8)


def score(path, batches):
    m = Mix(3, 50)
    m.load_state_dict(torch.load(path))
    m.eval()
    xs = [b.float() for b in batches]
    return m(xs).mean().item()  # expect: GG001


if __name__ == "__main__":
    _test_mix_main()
