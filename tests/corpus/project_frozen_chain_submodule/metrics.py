# A metric over a generator: a copy frozen in the same chain that puts it in
# eval mode. Its parts (mapping, synthesis) are frozen with it: nothing they
# run records a graph, so nothing is reported. The detector beside it is
# not frozen, and its forward is.
import copy

import torch


def equivariance(opts, detector, n, batch):
    G = copy.deepcopy(opts.G).eval().requires_grad_(False).to(opts.device)
    scores = []
    for _ in range(n // batch):
        z = torch.randn([batch, G.z_dim], device=opts.device)
        ws = G.mapping(z=z, c=None)
        img = G.synthesis(ws=ws, noise_mode="const")
        scores.append(detector(img).mean().item())  # expect: GG001
    return sum(scores) / len(scores)
