# A stylisation script at module level: the encoder and decoder are built
# here and a checkpoint's state is loaded into each (load_state_dict), then
# every pair of the loader is run. Loaded weights and no training in the
# file make it an inference script, as a model unpickled whole by torch.load
# would; the no_grad block in the loop covers the decoder only.
import torch

from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)

    def forward(self, x):
        return self.conv(x)


class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(8, 3, 3)

    def forward(self, a, b):
        return self.conv(a + b)


enc = Encoder()
dec = Decoder()
enc.load_state_dict(torch.load("encoder.pth"))
dec.load_state_dict(torch.load("decoder.pth"))
pairs = torch.utils.data.DataLoader(torch.load("pairs.pt"), batch_size=1)

for content, style in pairs:
    content_feat = enc(content)  # expect: GG001
    style_feat = enc(style)  # expect: GG001
    with torch.no_grad():
        out = dec(content_feat, style_feat)
    torch.save(out, "stylised.pt")

# Another module given a copy of the encoder's weights, run once on a
# constant: a copy made here is no checkpoint, and a one-off look is no
# inference script.
twin = Encoder()
twin.load_state_dict(enc.state_dict())
print(twin(torch.ones(1, 3, 8, 8)).mean())
