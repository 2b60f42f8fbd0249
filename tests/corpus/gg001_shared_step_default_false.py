import torch


def run_batch(model, batch, optimizer, is_train=False):
    inputs, targets = batch
    preds = model(inputs)  # expect: GG001
    loss = torch.nn.functional.mse_loss(preds, targets)
    if is_train:
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    return loss.item()


def epoch(model, loader, optimizer):
    for batch in loader:
        run_batch(model, batch, optimizer, is_train=True)


def report(model, loader, optimizer):
    return [run_batch(model, b, optimizer) for b in loader]
