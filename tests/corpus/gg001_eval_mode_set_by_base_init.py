# A plain tracker base class stores the network it is handed and puts it in
# eval mode in its __init__; a subclass calls super().__init__(net) and runs
# the network on each frame in its own methods. The base's .eval() holds in
# the subclass's methods: they are inference with autograd on.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)

    def forward(self, x):
        return self.conv(x)


class FrameTracker:
    def __init__(self, net):
        self.net = net
        self.net.eval()


class MaskTracker(FrameTracker):
    def __init__(self, net, threshold):
        super().__init__(net)
        self.threshold = threshold

    def step(self, frame):
        mask = self.net(frame).sigmoid()  # expect: GG001
        return (mask > self.threshold).float().mean().item()


def main(path, frames):
    net = Net()
    net.load_state_dict(torch.load(path))
    tracker = MaskTracker(net, 0.5)
    return [tracker.step(f) for f in frames]
