import torch


@torch.no_grad()
def predict(model, loader):
    outs = []
    for x in loader:
        outs.append(model(x))
    return torch.cat(outs)


def validate(model, loader):
    model.eval()
    with torch.no_grad():
        for x in loader:
            out = model(x)
    return out
