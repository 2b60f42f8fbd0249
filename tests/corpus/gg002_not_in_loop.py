import torch
import torch.nn as nn

criterion = nn.CrossEntropyLoss()


def training_step(model, batch, stats):
    x, y = batch
    out = model(x)
    loss = criterion(out, y)
    stats["loss"] += loss.item()
    stats["outputs"].append(out.detach())
    return loss


def one_shot(model, x, y):
    total = 0
    loss = criterion(model(x), y)
    for _ in range(3):
        total += loss.item()
    return total
