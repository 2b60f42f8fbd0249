import torch


# The PyTorch FAQ's case: .backward() ran on the value, so it is a tensor with a
# graph whatever computed it, and summing it afterwards (even to return the
# average) keeps every iteration's graph alive.
def train_epoch(model, loader, criterion, optimizer):
    total = 0
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss  # expect: GG002
    return total / len(loader)


def train_with_helper(model, loader, optimizer):
    running = 0.0
    for batch in loader:
        loss = objective(model, batch)
        loss.backward()
        optimizer.step()
        running += loss  # expect: GG002
    print(running)


def train_accelerated(accelerator, model, loader, optimizer):
    seen = []
    for batch in loader:
        loss = objective(model, batch)
        accelerator.backward(loss)
        optimizer.step()
        seen.append(loss)  # expect: GG002
    return seen
