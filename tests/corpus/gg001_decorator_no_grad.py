import torch


@torch.no_grad()
def evaluate(model, loader):
    model.eval()
    return [model(x) for x in loader]


@torch.no_grad
def evaluate_bare(model, loader):
    model.eval()
    return [model(x) for x in loader]


@torch.inference_mode(mode=True)
def evaluate_mode(model, loader):
    model.eval()
    return [model.forward(x) for x in loader]


@torch.inference_mode(False)
def evaluate_not_disabled(model, loader):
    model.eval()
    return [model(x) for x in loader]  # expect: GG001
