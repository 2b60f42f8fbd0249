import torch
# a comment with @CTRL@ inside


def validate(model, loader):
    model.eval()
    for x in loader:
        out = model(x)
