# Loops that step through held-out data by index or by length, not with a
# for over a loader: `while i < len(val_rows)`, and an autoregressive
# forecast that runs until it covers the test series. They are evaluation as
# a for over that data would be. The training loop over the training rows,
# and a loop over test data that adapts the model with a backward, are not.
import numpy as np
import torch
import torch.nn as nn


class Forecaster(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.rnn = nn.GRU(1, width, batch_first=True)
        self.out = nn.Linear(width, 1)

    def forward(self, x):
        h, _ = self.rnn(x)
        return self.out(h[:, -1])


def batch_at(rows, i, size):
    chunk = rows[i : i + size]
    return torch.tensor(np.stack([r[0] for r in chunk])), torch.tensor([r[1] for r in chunk])


def fit(series, test_series, window, epochs, every):
    model = Forecaster(16)
    opt = torch.optim.Adam(model.parameters())
    history = list(series)
    for epoch in range(epochs):
        x = torch.tensor(np.array(series[:-1]), dtype=torch.float32).view(1, -1, 1)
        loss = nn.functional.mse_loss(model(x), torch.tensor([[series[-1]]]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        if (epoch + 1) % every == 0:
            history = list(series)
            while len(history) - len(series) < len(test_series):
                tail = torch.tensor(np.array(history[-window:]), dtype=torch.float32).view(1, -1, 1)
                step = model(tail)  # expect: GG001
                history.append(float(step.data.numpy()[0, 0]))
    return history


def adapt_on_test(model, test_rows, opt):
    i = 0
    while i < len(test_rows):
        x, y = batch_at(test_rows, i, 4)
        i += 4
        loss = nn.functional.mse_loss(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()


if __name__ == "__main__":
    train_rows, val_rows = [], []
    model = Forecaster(8)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        i = 0
        while i < len(train_rows):
            x, y = batch_at(train_rows, i, 4)
            i += 4
            loss = nn.functional.mse_loss(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        i = 0
        seen = 0.0
        while i < len(val_rows):
            x, y = batch_at(val_rows, i, 4)
            i += 4
            out = model(x)  # expect: GG001
            seen += nn.functional.mse_loss(out, y).item()
        print(epoch, seen)
