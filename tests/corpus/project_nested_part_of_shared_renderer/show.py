import torch

from scene.render import render_rays


@torch.no_grad()
def show(fields, rays):
    for f in fields:
        f.eval()
    return render_rays(fields, rays)
