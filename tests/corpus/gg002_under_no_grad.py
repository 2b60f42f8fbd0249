import torch


def evaluate(model, loader, criterion):
    model.eval()
    total = 0
    outputs = []
    with torch.no_grad():
        for x, y in loader:
            out = model(x)
            total += criterion(out, y)
            outputs.append(out)
    return total / len(loader), torch.cat(outputs)
