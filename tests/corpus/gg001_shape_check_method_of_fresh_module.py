import torch
import torch.nn as nn


class Splitter(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.enc = nn.Conv1d(1, width, 3)
        self.dec = nn.Conv1d(width, 2, 3)

    def forward(self, wav):
        return self.dec(self.enc(wav))

    def split_long(self, wav):
        pieces = wav.unfold(-1, 400, 200).transpose(0, 1)
        return self.dec(self.enc(pieces))


# A self-test of a module built here, untrained, run once on random input:
# a shape check, through a method as through the call itself, with or
# without eval mode.
if __name__ == "__main__":
    net = Splitter(width=8)
    clip = torch.rand(1, 1, 800)
    print(net(clip).shape)
    net.eval()
    print(net(clip).shape)
    long_clip = torch.rand(1, 4000)
    pieces = net.split_long(long_clip)
    print(pieces.shape)
