# A tracker holds the network it is handed, put in eval mode when it is
# built, and its own track() runs the network's track() on each frame's crop:
# the holder's method of the same name is not what the held network runs.
import torch


class Tracker:
    def __init__(self, net):
        self.net = net
        self.net.eval()

    def crop(self, frame):
        return torch.as_tensor(frame).float()[None]

    def track(self, frame):
        out = self.net.track(self.crop(frame))  # expect: GG001
        return out.argmax().item()

