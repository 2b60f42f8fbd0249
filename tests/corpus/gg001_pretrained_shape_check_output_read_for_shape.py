# A model file's self-test: pretrained weights are loaded, then one random
# image is run and only its output's shape is printed. Nothing keeps the
# output: a shape check, not evaluation, whatever the weights. A loop over
# held-out images below is evaluation and is reported.
import torch
import torch.utils.model_zoo as zoo
from torch import nn


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)

    def forward(self, x):
        return self.conv(x).mean((2, 3))


def accuracy(net, held_out):
    net.eval()
    return sum((net(x).argmax(1) == y).sum().item() for x, y in held_out)  # expect: GG001


if __name__ == "__main__":
    net = Tiny()
    net.load_state_dict(zoo.load_url("https://example.org/tiny.pth"))
    net = net.cuda()
    image = torch.randn(1, 3, 224, 224).cuda()
    out = net(image)
    print(out.shape)
    print(out.size(1), out.dtype)
