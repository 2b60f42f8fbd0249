# test() runs under no_grad where this file calls it (the per-epoch check),
# but the main script imports it and runs the final evaluation with grad on:
# no call of this file alone makes it guarded.
import torch
import torch.nn.functional as F


def test(loader, model):
    model.eval()
    correct = 0
    for feats, labels in loader:
        logits = model(feats)  # expect: GG001; fix: safe
        correct += (logits.argmax(-1) == labels).sum().item()
    return correct


def train(train_loader, val_loader, model, epochs):
    opt = torch.optim.Adam(model.parameters())
    for epoch in range(epochs):
        model.train()
        for feats, labels in train_loader:
            loss = F.cross_entropy(model(feats), labels)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            print(test(val_loader, model))
    return model
