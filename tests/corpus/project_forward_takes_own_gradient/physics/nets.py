# Networks whose forward differentiates what it computes: an energy model that
# returns forces as the negative gradient of its energy, and a renderer whose
# forward asks a field for its surface normals. Both need their graph at
# evaluation time; a third network here does not.
import torch
from torch import nn
from torch.autograd import grad


class EnergyModel(nn.Module):
    def __init__(self, width=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(3, width), nn.Tanh(), nn.Linear(width, 1))

    def forward(
        self,
        coords,
    ):
        coords.requires_grad_(True)
        energy = self.body(coords).sum()
        (slope,) = grad(
            [energy],
            [coords],
        )
        return energy, -slope


class DistanceField(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Linear(3, 1)

    def forward(self, points):
        return self.mlp(points)

    def normals(self, points):
        points.requires_grad_(True)
        value = self.forward(points)
        return torch.autograd.grad(value.sum(), points, create_graph=True)[0]


class Shader(nn.Module):
    def __init__(self):
        super().__init__()
        self.field = DistanceField()
        self.colour = nn.Linear(3, 3)

    def forward(self, points):
        return self.colour(self.field.normals(points))


class Labeller(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(3, 4)

    def forward(self, points):
        return self.head(points)


def load_energy(path, width=16):
    model = EnergyModel(width)
    model.load_state_dict(torch.load(path))
    return model
