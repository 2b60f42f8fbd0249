# A module class that only wraps torchaudio's spectrogram (buffers, no
# parameters) and keeps nothing it is handed: calling it on audio computes a
# fixed function of the samples and records no graph, whatever its
# constructor is given (sizes read from a configuration).
import torch
from torchaudio.transforms import MelSpectrogram


class LogMel(torch.nn.Module):
    def __init__(self, **kwargs):
        super().__init__()
        self.backend = MelSpectrogram(**kwargs)

    def forward(self, wave):
        return torch.log(self.backend(wave) + 1e-3)
