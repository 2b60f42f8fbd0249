import torch


def without_grad(func):
    def wrapper(*args, **kwargs):
        with torch.no_grad():
            out = func(*args, **kwargs)
        return out

    return wrapper
