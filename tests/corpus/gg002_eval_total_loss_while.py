import torch


def validate_model(model, batches, criterion):
    model.eval()
    total_loss = 0
    i = 0
    while i < len(batches):
        x, y = batches[i]
        out = model(x)  # expect: GG001
        total_loss += criterion(out, y)  # expect: GG002
        i += 1
    return total_loss.item() / max(i, 1)
