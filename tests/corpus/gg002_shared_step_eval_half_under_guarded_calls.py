import torch


def run_epoch(model, loader, loss_fn, optimizer=None, train=False):
    # One step for both halves: the backward under `if train:`, the
    # evaluation half in the else, which only the train=False calls run.
    attentions, losses = [], []
    if train:
        model.train()
    else:
        model.eval()
    for x, y in loader:
        out, attn = model(x)
        loss = loss_fn(out, y)
        losses.append(loss.item())
        if train:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        else:
            attentions += attn
    return sum(losses) / len(losses), attentions


def fit(model, loaders, loss_fn, optimizer, epochs):
    for _ in range(epochs):
        run_epoch(model, loaders["train"], loss_fn, optimizer, train=True)
        with torch.no_grad():
            run_epoch(model, loaders["valid"], loss_fn)
            run_epoch(model, loaders["test"], loss_fn, train=False)


def step(model, x, y, loss_fn, optimizer=None, train=False):
    # The same shape, called for evaluation with grad on: the forward is
    # reported where it runs, naming that call.
    kept = []
    out, attn = model(x)  # expect: GG001
    loss = loss_fn(out, y)
    if train:
        loss.backward()
        optimizer.step()
    else:
        kept += attn
    return loss.item(), kept


def evaluate_all(model, batches, loss_fn):
    model.eval()
    return [step(model, x, y, loss_fn) for x, y in batches]
