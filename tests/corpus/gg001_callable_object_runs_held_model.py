# A plain class whose __call__ turns poses into joints with a body model it
# holds in eval mode since construction: the object is a callable its users
# run as they choose (a training loss backwards through the joints), as a
# module's forward is. Nothing in __call__ is evaluation. A method with its
# own eval() before the run still is.
import torch
from torch import nn


class BodyModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.blend = nn.Linear(24, 72)

    def forward(self, pose):
        return self.blend(pose)


class PoseToJoints:
    def __init__(self, device):
        self.body = BodyModel().eval().to(device)

    def __call__(self, pose, mask=None):
        if mask is not None:
            pose = pose * mask
        return self.body(pose).view(pose.shape[0], 24, 3)

    def preview(self, pose):
        self.body.eval()
        return self.body(pose)  # expect: GG001
