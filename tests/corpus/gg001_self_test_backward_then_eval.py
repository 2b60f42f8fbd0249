# A model file's self-test under __main__: a fresh encoder run on random
# input, a backward to check the gradient flows, then eval mode and one more
# forward on random input. A backward alone changes no weight: the encoder is
# still untrained, and the forward is a shape check, not evaluation. One the
# test has stepped an optimizer on is trained: its eval forward is reported.
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, dim_in, dim):
        super().__init__()
        self.proj = nn.Linear(dim_in, dim)

    def forward(self, x):
        return torch.relu(self.proj(x))


def _test_encoder_main():
    enc = Encoder(80, 256)
    out = enc(torch.randn(2, 50, 80))
    out.sum().backward()
    enc.eval()
    out = enc(torch.randn(2, 50, 80))
    print(out.shape)


def _test_encoder_fits():
    enc = Encoder(80, 256)
    opt = torch.optim.SGD(enc.parameters(), lr=0.1)
    loss = enc(torch.randn(2, 50, 80)).pow(2).mean()
    loss.backward()
    opt.step()
    enc.eval()
    out = enc(torch.randn(2, 50, 80))  # expect: GG001
    print(out.mean().item())


if __name__ == "__main__":
    _test_encoder_main()
    _test_encoder_fits()
