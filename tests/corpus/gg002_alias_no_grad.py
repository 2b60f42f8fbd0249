import torch as th
from torch import inference_mode as im


def run_eval(model, loader, criterion):
    out_list = []
    val_loss = 0
    with th.no_grad():
        for x, y in loader:
            output = model(x)
            out_list.append(output)
    with im():
        for x, y in loader:
            val_loss += criterion(model(x), y)
    with th.set_grad_enabled(False):
        for x, y in loader:
            val_loss += criterion(model(x), y)
    return out_list, val_loss
