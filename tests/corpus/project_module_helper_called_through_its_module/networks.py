import torch.nn as nn


class SeriesAutoencoder(nn.Module):
    def __init__(self, hidden=16):
        super().__init__()
        self.encoder = nn.LSTM(1, hidden, batch_first=True)
        self.decoder = nn.LSTM(hidden, 1, batch_first=True)

    def encode(self, series):
        out, _ = self.encoder(series)
        return out[:, -1]

    def forward(self, series):
        code = self.encode(series)
        return self.decoder(code.unsqueeze(1).repeat(1, series.shape[1], 1))[0]
