# A shared epoch whose backward runs only in the training modes, named by an
# `or` of tests (`mode == "train" or mode == "train+log"`): a call with
# mode="eval" is evaluation, the calls with either training mode are not.
import torch


def run_epoch(batches, model, loss_fn, optimizer, mode="train"):
    total = 0.0
    for src, tgt in batches:
        out = model(src)  # expect: GG001
        loss = loss_fn(out, tgt)
        if mode == "train" or mode == "train+log":
            loss.backward()
            optimizer.step()
            optimizer.zero_grad()
        total += loss.item()
    return total / len(batches)


def fit(model, train_batches, valid_batches, loss_fn, optimizer, epochs):
    for epoch in range(epochs):
        model.train()
        run_epoch(train_batches, model, loss_fn, optimizer, mode="train+log")
        model.eval()
        run_epoch(valid_batches, model, loss_fn, None, mode="eval")
