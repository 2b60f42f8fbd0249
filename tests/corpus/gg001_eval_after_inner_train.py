import torch


def train_and_validate(model, optimizer, train_loader, val_loader):
    model.train()
    for x, y in train_loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    model.eval()
    correct = sum((model(x).argmax(1) == y).sum().item() for x, y in val_loader)  # expect: GG001
    return correct
