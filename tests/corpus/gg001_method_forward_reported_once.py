# A module's own encode() run on the whole test set after eval(): the call is
# the forward to report, once. The submodule inside the method, reached only
# through that call, is not a second mistake.
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(32, 8)

    def encode(self, x):
        return self.proj(x)

    def forward(self, x):
        return self.encode(x).relu()


enc = Encoder()
enc.load_state_dict(torch.load("enc.pt"))
enc.eval()
test_x = torch.load("test_x.pt")
codes = enc.encode(test_x)  # expect: GG001
torch.save(codes, "codes.pt")
