import torch


def train(model, loader, optimizer, criterion):
    losses = []
    preds = []
    for x, y in loader:
        out = model(x)
        loss = criterion(out, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.detach())
        preds.append(out.detach().cpu())
    return torch.stack(losses).mean(), torch.cat(preds)
