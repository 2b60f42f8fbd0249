# A shared epoch step trains only under `if mode == "train":`; the call that
# passes mode="valid" runs its evaluation half, which the model proves has
# no backward: wrapping that call in torch.no_grad() is a safe fix. A step
# that also trains outside its flag gives no such proof.
import torch


def run_epoch(model, loader, optimizer, mode):
    if mode == "train":
        model.train()
    else:
        model.eval()
    total = 0.0
    for x, y in loader:
        pred = model(x)  # expect: GG001
        loss = ((pred - y) ** 2).mean()
        if mode == "train":
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        total += loss.item()
    return total


def fit(model, train_loader, valid_loader, optimizer, epochs):
    for epoch in range(epochs):
        run_epoch(model, train_loader, optimizer, mode="train")
        score = run_epoch(model, valid_loader, None, mode="valid")
        print(epoch, score)
