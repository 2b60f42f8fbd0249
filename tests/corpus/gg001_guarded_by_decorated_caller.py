import torch


def validate_batch(model, batch):
    inputs, targets = batch
    logits = model(inputs)
    return (logits.argmax(-1) == targets).float().mean()


@torch.no_grad()
def validate(model, val_loader):
    model.eval()
    scores = [validate_batch(model, b) for b in val_loader]
    return sum(scores) / len(scores)
