import torch


def train_and_check(model, optimizer, loader):
    model.eval()
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def meta_step(model, x):
    model.eval()
    out = model(x)
    (g,) = torch.autograd.grad(out.sum(), [x])
    return g
