import torch


def train(loader, step_fn, optimizer):
    total = 0
    history = []
    for batch in loader:
        loss = step_fn(batch)
        total += loss
        history.append(loss)
        metrics = compute_metrics(batch)
        history.append(metrics)
    return total, history


def compute_metrics(batch):
    return {"n": len(batch)}
