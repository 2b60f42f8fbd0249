# One epoch function serves training and evaluation: it steps only when it
# is handed an optimizer (`if optimizer:`, or `is not None`). A call that
# passes None, or leaves the default None, after model.eval() runs the shared
# step's evaluation half with grad on: the wrap goes on that call.
import torch


def run_epoch(model, loader, loss_fn, optimizer):
    total = 0.0
    for data, label in loader:
        preds = model(data)  # expect: GG001; says: with optimizer=None on line 33
        loss = loss_fn(preds, label)
        if optimizer:
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
        total += loss.item()
    return total


def run_epoch2(model, loader, loss_fn, optimizer=None):
    for data, label in loader:
        loss = loss_fn(model(data), label)  # expect: GG001; says: with optimizer=None on line 34
        if optimizer is not None:
            loss.backward()
            optimizer.step()


def main(model, train_loader, valid_loader, loss_fn, opt):
    model.train()
    run_epoch(model, train_loader, loss_fn, opt)
    model.eval()
    run_epoch(model, valid_loader, loss_fn, None)
    run_epoch2(model, valid_loader, loss_fn)
