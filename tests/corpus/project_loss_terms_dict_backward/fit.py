# One optimisation step assembles its loss from terms kept in a dict made
# afresh each step: an inner loop adds per-view terms into it, a second loop
# sums the dict's values, and the step backwards that sum. The terms'
# graphs are what the backward needs: no leak, and no .detach() may go in.
# What is kept for logging is taken as a float.
import numpy as np
import torch
from render import SoftRenderer

renderer = SoftRenderer(128)
weights = {"shape": 1.0, "smooth": 0.1}
history = {k: [] for k in weights}
for step in range(steps):
    optimizer.zero_grad()
    moved = mesh.offset_verts(offsets)
    terms = {k: torch.tensor(0.0) for k in weights}
    smooth_terms(moved, terms)
    for j in np.random.permutation(len(views)).tolist()[:2]:
        pred = renderer(moved, cameras=views[j])
        term = ((pred[..., 3] - targets[j]) ** 2).mean()
        terms["shape"] += term / 2
    total = torch.tensor(0.0)
    for name, value in terms.items():
        total += value * weights[name]
        history[name].append(float(value.detach().cpu()))
    total.backward()
    optimizer.step()
