import torch
from torch import nn


# A per-batch loss summed from a float over the heads: the sum is a tensor
# with history from its first term on. Backward uses it in the step; adding it
# to the epoch's running total keeps every step's graph alive.
def fit(model, train_loader, opt, epochs):
    heads_loss = nn.CrossEntropyLoss()
    running = 0.0
    for _ in range(epochs):
        for x, ys in train_loader:
            opt.zero_grad()
            outs = model(x)
            step_loss = 0.0
            for j in range(len(outs)):
                step_loss += heads_loss(outs[j], ys[j])
            running += step_loss  # expect: GG002
            (step_loss / len(ys)).backward()
            opt.step()
    return running


# The same sum taken as a number before it is kept: nothing to report.
def fit_item(model, train_loader, opt):
    heads_loss = nn.CrossEntropyLoss()
    running = 0.0
    for x, ys in train_loader:
        opt.zero_grad()
        step_loss = 0.0
        for out, y in zip(model(x), ys):
            step_loss += heads_loss(out, y)
        running += step_loss.item()
        step_loss.backward()
        opt.step()
    return running


if __name__ == "__main__":
    model = nn.ModuleList([nn.Linear(4, 2) for _ in range(3)])
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    print(fit(model, [], opt, 1), fit_item(model, [], opt))
