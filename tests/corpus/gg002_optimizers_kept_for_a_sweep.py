# A sweep of linear probes, one optimizer per learning rate: the class is
# chosen into a variable, then called with the probe's parameters. What it
# builds is an optimizer, never an output with history, though the
# checkpoint below calls state_dict() on each, as a module's would be: an
# optimizer and a scheduler have state_dict and load_state_dict too.
import torch
from torch import nn

import tools


def sweep(model, rates, use_lars, loader, path):
    probes, optimizers = nn.ModuleList(), []
    for lr in rates:
        probe = nn.Linear(384, 10)
        probes.append(probe)
        params = probe.parameters()
        optimizer = torch.optim.SGD if not use_lars else tools.LARS
        optimizer = optimizer(
            params,
            lr,
            momentum=0.9,
        )
        optimizers.append(optimizer)
    for epoch in range(90):
        model.eval()
        tools.fit_probes(model, probes, optimizers, loader)
    torch.save({"optimizer": [optimizer.state_dict() for optimizer in optimizers]}, path)
    return probes
