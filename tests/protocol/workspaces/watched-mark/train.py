import torch


def evaluate(model, loader):
    model.eval()
    total = 0
    for x, y in loader:
        out = model(x)
        total += (out.argmax(1) == y).sum().item()
    return total


def train(model, loader, opt):
    model.train()
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return evaluate(model, loader)
