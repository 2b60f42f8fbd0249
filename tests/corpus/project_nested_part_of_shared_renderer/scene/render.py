# A renderer shared by training and evaluation in other files: a training
# step turns its colours into a loss, an evaluation script calls it under
# no_grad. Its nested helper's name says inference (and its parameter's says
# model), but it is a part of the renderer and runs as the renderer's callers
# choose: no finding, no wrap (under no_grad the training step would lose
# its gradient).
import torch


def render_rays(fields, rays, chunk=1024):
    def inference(model, points, density_only=False):
        outputs = []
        for i in range(0, points.shape[0], chunk):
            outputs += [model(points[i:i + chunk], density_only=density_only)]
        return torch.cat(outputs, 0)

    points = rays[:, :3] + rays[:, 3:]
    coarse = inference(fields[0], points, density_only=True)
    if len(fields) > 1:
        return inference(fields[1], points + coarse)
    return coarse
