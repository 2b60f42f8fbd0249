import torch


def validate(model, loader):
    model.eval()
    for x in loader:
        y = x@CTRL@
        out = model(y)
    v = torch.autograd.Variable(x, volatile=True)
