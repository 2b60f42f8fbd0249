# A model file's own checks: test_* functions that assert on what the model
# returns are unit tests (SPEC §2), wherever they live; their forwards are on
# purpose. An evaluation helper beside them, asserting nothing, is not one.
import torch
from torch import nn


class Coder(nn.Module):
    def __init__(self):
        super().__init__()
        self.down = nn.Conv1d(1, 4, 3, padding=1)

    def forward(self, wave):
        return self.down(wave)


def test_lengths_kept():
    model = Coder()
    model.load_state_dict(torch.load("coder.pt"))
    model.eval()
    for n in (160, 320):
        out = model(torch.randn(1, 1, n))
        assert out.shape[-1] == n, out.shape


def score_files(model, waves):
    model.eval()
    return [model(w[None]).abs().mean().item() for w in waves]  # expect: GG001


if __name__ == "__main__":
    test_lengths_kept()
