# A spectrogram written as a module: its constants are buffers it registers,
# its sizes are handed in, and its forward runs nothing it holds.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Spectrogram(nn.Module):
    def __init__(self, n_fft=512, hop=128, bins=40):
        super().__init__()
        # Transform Parameters (a heading, not a parameter)
        self.register_buffer("window", torch.hann_window(n_fft))
        self.register_buffer("fbank", torch.rand(bins, n_fft // 2 + 1))
        self.n_fft = n_fft
        self.hop = hop

    def forward(self, audio):
        spec = torch.stft(F.pad(audio, (8, 8)), self.n_fft, self.hop, window=self.window, return_complex=True)
        return torch.log(self.fbank @ spec.abs() + 1e-5)


class Scored(nn.Module):
    """Parameters: scorer, a module handed in and run."""

    def __init__(self, scorer):
        super().__init__()
        self.scorer = scorer

    def forward(self, x):
        return self.scorer(x).sigmoid()
