# A model file's own self-test: a plain wrapper that builds its networks is
# made fresh (nothing loaded), put in eval mode, and run once on zeros and
# numpy noise joined with torch.cat, to print a shape. A shape check, not
# evaluation, eval() or not; nor is the wrapper's inference() evaluation for
# being called from it. The same wrapper with its weights loaded and run over
# real frames is.
import numpy as np
import torch
from torch import nn


class Stabilizer:
    def __init__(self):
        self.motion = nn.Conv2d(6, 2, 3, padding=1)
        self.refine = nn.Conv2d(5, 3, 3, padding=1)

    def eval(self):
        self.motion.eval()
        self.refine.eval()

    def load_weights(self, path):
        state = torch.load(path)
        self.motion.load_state_dict(state["motion"])
        self.refine.load_state_dict(state["refine"])

    def smooth(self, frame, motion):
        return self.refine(torch.cat([frame, motion], 1))  # expect: GG001

    def inference(self, pair):
        motion = self.motion(pair)  # expect: GG001; says: called with autograd on from stabilize_clip() on line 38
        return self.smooth(pair[:, :3], motion)


def stabilize_clip(path, frames):
    model = Stabilizer()
    model.load_weights(path)
    model.eval()
    return [model.inference(pair) for pair in frames]


if __name__ == "__main__":
    still = torch.zeros(2, 3, 64, 64)
    noise = torch.tensor(np.random.normal(0, 1, (2, 3, 64, 64))).float()
    pair = torch.cat((still, noise), 1)
    model = Stabilizer()
    model.eval()
    print(model.inference(pair).shape)
