import torch


def run_epoch(model, loader, training):
    if not training:
        model.eval()
    with torch.set_grad_enabled(training):
        for x in loader:
            model(x)


def evaluate(model, loader):
    model.eval()
    torch.set_grad_enabled(False)
    for x in loader:
        model(x)


def evaluate_false(model, x):
    model.eval()
    with torch.set_grad_enabled(False):
        return model(x)


def evaluate_true(model, x):
    model.eval()
    with torch.set_grad_enabled(True):
        return model(x)  # expect: GG001
