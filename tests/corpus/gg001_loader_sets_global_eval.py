# A loader puts a module-level model in eval mode (`global`), and the
# embedding helpers run it with grad on: SPEC §2's function that calls
# .eval() on the module-level name it assigns. A helper that builds a model
# of its own under the same name, and a file that puts it back in training,
# are no such evidence.
import torch
from torch import nn

_encoder = None


def load_encoder(path):
    global _encoder
    _encoder = nn.GRU(40, 128, batch_first=True)
    _encoder.load_state_dict(torch.load(path))
    _encoder.eval()


def embed_utterance(frames):
    outputs, hidden = _encoder(torch.from_numpy(frames)[None])  # expect: GG001
    return hidden[-1].detach().numpy()


def fresh_embedding(frames):
    _encoder = nn.GRU(40, 128, batch_first=True)
    return _encoder(torch.from_numpy(frames)[None])[1]
