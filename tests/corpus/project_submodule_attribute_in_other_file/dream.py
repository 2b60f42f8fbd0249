# The world model is trained on its loss, then rolled out on held-out
# episodes through its submodule, with autograd on: the submodule's origin
# (a module the class builds in __init__, in another file) decides, not its
# name. A plain attribute of the same model (horizon) is no forward.
import torch

from agents.world import WorldModel


def rollout(world, episodes):
    finals = []
    for state, actions in episodes:
        for a in actions[: world.horizon]:
            state = world.dyn(state, a)  # expect: GG001
        finals.append(state.norm().item())
    return finals


def main(train_episodes, test_episodes):
    world = WorldModel(32)
    opt = torch.optim.Adam(world.parameters(), lr=1e-3)
    for state, actions in train_episodes:
        opt.zero_grad()
        world.imagine_loss(state, actions).backward()
        opt.step()
    world.eval()
    return rollout(world, test_episodes)
