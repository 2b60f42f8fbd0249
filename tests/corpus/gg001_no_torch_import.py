import numpy as np


def validate(model, loader):
    model.eval()
    for x in loader:
        model(x)
