import torch
label = "a@CTRL@b"


def validate(model, loader):
    model.eval()
    for x in loader:
        out = model(x)
    v = torch.autograd.Variable(x, volatile=True)
