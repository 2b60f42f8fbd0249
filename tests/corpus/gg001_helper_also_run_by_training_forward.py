# A method that caches projected keys runs inside the decoder's prime(),
# which the sequence model's forward calls on every training step, and which
# a script calls after loading the model and putting it in eval mode. The
# script's call is the mistake; a wrap inside prime() would run the training
# forward's key projection without a graph (the projection would stop
# learning, silently). The fix wraps the script's call.
import torch
import torch.nn as nn


class Memory(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.key_proj = nn.Linear(width, width)

    def load(self, values):
        self.values = values
        self.keys = self.key_proj(values)  # expect: GG001; says: through prime() on line 53; fix: safe

    def forward(self, q):
        return torch.softmax(q @ self.keys.transpose(-1, -2), -1) @ self.values


class Decoder(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.memory = Memory(width)
        self.out = nn.Linear(width, width)

    def prime(self, encoded):
        self.memory.load(encoded)

    def forward(self, x):
        return self.out(self.memory(x))


class Seq2Seq(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.encoder = nn.GRU(width, width, batch_first=True)
        self.decoder = Decoder(width)

    def forward(self, x):
        encoded, _ = self.encoder(x)
        self.decoder.prime(encoded)
        return self.decoder(x[:, -1:])


model = Seq2Seq(8)
model.load_state_dict(torch.load("seq2seq.pt"))
model.eval()
sample = torch.load("sample.pt")
model.decoder.prime(sample)
print(model.decoder(sample[:, -1:]))  # expect: GG001
