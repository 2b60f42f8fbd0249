# Forces are minus the gradient of the energy with respect to the positions:
# a helper of the project takes that gradient of what the model computed.
import torch


def forces_from(energy, positions, keep_graph=True):
    grad = torch.autograd.grad([energy], [positions], create_graph=keep_graph)[0]
    return -grad


def outputs(energy, positions, with_forces=True):
    out = {"energy": energy}
    if with_forces:
        out["forces"] = forces_from(energy, positions)
    return out
