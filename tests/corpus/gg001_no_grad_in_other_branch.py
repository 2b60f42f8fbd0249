import torch


def infer(model, x, fast):
    model.eval()
    if fast:
        with torch.no_grad():
            return model(x)
    else:
        return model(x)  # expect: GG001
