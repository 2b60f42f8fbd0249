# A library's sampling helper: its name is its only evidence of evaluation.
# Its one caller in the library runs it with grad off (train/agent.py); the
# unit test that runs it with grad on says nothing of evaluation: guarded.
import torch

from .nets import Decoder


def forward_sample_n(decoder: Decoder, x, n: int) -> torch.Tensor:
    z = torch.randn(n * 4, 8).clamp(-0.5, 0.5)
    if isinstance(x, torch.Tensor):
        flat = x.expand((n, *x.shape)).reshape(-1, *x.shape[1:])
    else:
        flat = [part.expand((n, *part.shape)).reshape(-1, *part.shape[2:]) for part in x]
    out = decoder(flat, z)
    return out.view(n, 4, -1).transpose(0, 1)
