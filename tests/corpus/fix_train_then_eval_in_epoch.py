import torch


def train(model, optimizer, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            loss = model(x).sum()
            loss.backward()
            optimizer.step()
        model.eval()
        for x, y in val_loader:
            out = model(x)  # expect: GG001
            print(out)
