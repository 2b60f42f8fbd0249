import torch


def validate(model, val_loader):
    model.eval()
    losses = []
    for x, y in val_loader:
        losses.append(torch.nn.functional.cross_entropy(model(x), y).item())  # expect: GG001
    model.train()
    return sum(losses) / len(losses)


def train(model, optimizer, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        for x, y in train_loader:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        print(epoch, validate(model, val_loader))
