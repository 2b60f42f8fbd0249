# A running-average meter whose append takes a weight by keyword is not a
# list: list.append takes one value and no keyword, and the meter keeps only
# a number (it may detach what it is given). The training loop's losses go
# into it, with the meter made elsewhere.
import torch
from metrics import Meter


def train_epoch(model, loader, optimizer, criterion, scaler):
    model.train()
    meter = Meter()
    for x, y in loader:
        loss = criterion(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        meter.append(loss, count=x.shape[0])
    return meter.total / max(meter.n, 1)

