import torch


def evaluate_tent(model, optimizer, test_loader):
    model.eval()
    accs = []
    for x, y in test_loader:
        outputs = model(x)
        entropy = -(outputs.softmax(1) * outputs.log_softmax(1)).sum(1).mean()
        entropy.backward()
        optimizer.step()
        optimizer.zero_grad()
        accs.append((outputs.argmax(1) == y).float().mean().item())
    return sum(accs) / len(accs)
