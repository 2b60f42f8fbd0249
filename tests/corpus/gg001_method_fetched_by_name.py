# A local that holds a method fetched from an object (`getattr(agent,
# "render_latents", None)`, `agent.render_latents`) runs that method when
# called, not a module that its own name (renderer, decoder) promises: the
# method's name says what it is. A local bound to a submodule
# (`decoder = ae.decoder`) is still a model.
import torch
from torch import nn


def rollout_video(agent, latents):
    agent.eval()
    decoder = getattr(agent, "render_latents", None) or getattr(agent, "_render_video", None)
    if decoder is None:
        return None
    return decoder(latents)


def rollout_frames(agent, latents):
    agent.eval()
    decoder = agent.render_latents
    return decoder(latents)


def rollout_named(agent, latents):
    agent.eval()
    decoder = getattr(agent, "render_latents")
    return decoder(latents)


class Autoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.decoder = nn.Linear(4, 16)

    def forward(self, z):
        return self.decoder(z)


def reconstruct(ae, codes):
    ae.eval()
    decoder = ae.decoder
    return [decoder(z) for z in codes]  # expect: GG001

