import torch
import torch.nn.functional as F


def train(model, loader, optimizer, aux_weight=0.4):
    for x, y in loader:
        main_out, aux_out = model(x)
        loss = F.cross_entropy(main_out, y)
        loss += aux_weight * F.cross_entropy(aux_out, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
