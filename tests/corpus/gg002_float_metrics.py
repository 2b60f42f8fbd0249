import torch


def train(model, loader, optimizer, criterion):
    correct = 0
    seen = 0
    names = []
    running = 0.0
    for step, (x, y) in enumerate(loader):
        out = model(x)
        loss = criterion(out, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        correct += (out.argmax(dim=1) == y).sum().item()
        _, predicted = out.max(1)
        correct += predicted.eq(y).sum()
        seen += y.size(0)
        names.append(f"step-{step}")
        running += 0.1 * 3
    return correct / seen, names, running
