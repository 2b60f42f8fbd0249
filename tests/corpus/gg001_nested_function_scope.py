import torch


def evaluate(model, loader):
    model.eval()

    def step(x):
        return model(x)

    with torch.no_grad():
        return [step(x) for x in loader]


def outer(model, loader):
    with torch.no_grad():
        model.eval()

        def inner(x):
            model.eval()
            return model(x)

        return [inner(x) for x in loader]
