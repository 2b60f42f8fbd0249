import torch


def evaluate(model, loader):
    total = 0.0
    for x, y in loader:
        total += (model(x).argmax(1) == y).float().sum().item()  # expect: GG001
    return total


def fit(model, optimizer, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            loss = torch.nn.functional.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            acc = evaluate(model, val_loader)
        print(epoch, acc)


def final_report(model, test_loader):
    model.eval()
    return evaluate(model, test_loader)
