import torch


def evaluate(model, loader):
    model.eval()
    # the evaluation loop
    for batch in loader:
        # forward

        out = model(batch)  # expect: GG001

        # (a comment at column zero follows)
# column zero
        print(out)
    return None
