# A plain wrapper (no nn.Module) that holds a network whose class is imported
# from another file of the project, and a plain blender from the same file.
import torch
from interp.flow import FlowNet, Blender


class Interpolator:
    def __init__(self):
        self.flow = FlowNet()
        self.blend = Blender()
        self.opt = torch.optim.AdamW(self.flow.parameters(), lr=1e-4)

    def eval(self):
        self.flow.eval()

    def load(self, path):
        self.flow.load_state_dict(torch.load(path))

    def middle(self, a, b):
        return self.flow(torch.cat([a, b], 1))

    def mix(self, a, b):
        return self.blend(a, b)

    def update(self, a, b, target):
        loss = (self.flow(torch.cat([a, b], 1)) - target).abs().mean()
        self.opt.zero_grad()
        loss.backward()
        self.opt.step()
