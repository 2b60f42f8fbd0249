# The running loss is divided by the period for printing, then reset: the
# division reports the total, it does not end it. Until each reset the sum
# keeps every step's graph (four here), as a plain running total does.
import torch.nn.functional as F


def train_epoch(model, loader, optimizer, period=4):
    model.train()
    window = 0
    for step, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = F.l1_loss(model(x), y)
        loss.backward()
        optimizer.step()
        window = window + loss  # expect: GG002
        if (step + 1) % period == 0:
            window = window / period
            print(step, float(window))
            window = 0
