# Runs the networks of physics/nets.py. The energy model and the shader take
# gradients inside their forward: run under no_grad they raise, so their
# evaluation keeps autograd on, and nothing is reported there, however the
# model reached this file. A network that takes no gradient is still reported.
import torch
from physics.nets import Labeller, Shader, load_energy


class Dynamics:
    def __init__(self, path):
        self.model = load_energy(path)
        self.model.eval()

    def warm(self, coords):
        for _ in range(3):
            self.last = self.model(coords)

    def step(self, coords):
        energy, forces = self.model(coords)
        return energy.detach(), forces.detach()


def energies(path, frames):
    model = load_energy(path)
    model.eval()
    out = []
    for coords in frames:
        energy, forces = model(coords)
        out.append((energy.item(), forces.norm().item()))
    return out


def render(views):
    shader = Shader()
    shader.load_state_dict(torch.load("shader.pt"))
    shader.eval()
    return [shader(v).detach().cpu() for v in views]


def score_any(model, batches):
    model.eval()
    return [model(b).sum().item() for b in batches]


def labels(views):
    labeller = Labeller()
    labeller.load_state_dict(torch.load("labeller.pt"))
    labeller.eval()
    return [labeller(v).argmax(-1) for v in views]  # expect: GG001


def linear_probe(views):
    probe = torch.nn.Linear(3, 2)
    probe.load_state_dict(torch.load("probe.pt"))
    probe.eval()
    return [probe(v).argmax(-1) for v in views]  # expect: GG001
