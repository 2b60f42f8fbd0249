# A 0.3-era image-to-image wrapper: test() makes its input volatile, that
# era's way to run the generator without autograd, then runs the generator
# on it in the next statement. volatile has done nothing since 0.4, so the
# generator records a graph: the author's own word says this is evaluation.
# The volatile line is GG003's; the forward is GG001's. forward(), used by
# training, says nothing of evaluation and is not reported.
import torch
from torch.autograd import Variable


class SketchToImage(object):
    def __init__(self, netG, netD):
        self.netG = netG
        self.netD = netD
        self.optimizer = torch.optim.Adam(netG.parameters(), lr=2e-4)

    def set_input(self, sketch, photo):
        self.input_A = sketch
        self.input_B = photo

    def forward(self):
        self.real_A = Variable(self.input_A)
        self.fake_B = self.netG(self.real_A)

    def optimize(self):
        self.forward()
        loss = (self.netD(self.fake_B) - 1).pow(2).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()

    def test(self):
        self.real_A = Variable(self.input_A, volatile=True)  # expect: GG003
        self.fake_B = self.netG(self.real_A)  # expect: GG001; says: volatile=True has had no effect


class KeywordNet(torch.nn.Module):
    # A constructor sizes its head with a volatile probe of zeros: a shape
    # check, not evaluation (the volatile is GG003's alone).
    def __init__(self, height, width):
        super().__init__()
        self.conv = torch.nn.Conv2d(1, 8, 3)
        probe = Variable(torch.zeros(1, 1, height, width), volatile=True)  # expect: GG003
        size = self.conv(probe).view(1, -1).size(1)
        self.head = torch.nn.Linear(size, 12)

    def forward(self, x):
        return self.head(self.conv(x).flatten(1))
