import torch
from tqdm import tqdm


def fit(net, train_dl, valid_dl, opt, loss_fn, epochs):
    for epoch in range(epochs):
        for xb, yb in train_dl:
            loss = loss_fn(net(xb), yb)
            loss.backward()
            opt.step()
            opt.zero_grad()
        for i, (xb, yb) in enumerate(tqdm(valid_dl, desc="valid")):
            valid_loss = loss_fn(net(xb), yb)  # expect: GG001
            print(epoch, i, valid_loss.item())
