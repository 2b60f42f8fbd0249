import torch


def predict(model, loader):
    model.eval()
    outputs = []
    for batch in loader:
        outputs.append(model(batch).detach().cpu())  # expect: GG001
    return torch.cat(outputs)
