import torch


def run_epoch(model, loader, criterion, optimizer, train):
    running = 0
    with torch.set_grad_enabled(train):
        for x, y in loader:
            loss = criterion(model(x), y)
            if train:
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
            running += loss
    torch.set_grad_enabled(False)
    for x, y in loader:
        running += criterion(model(x), y)
    return running
