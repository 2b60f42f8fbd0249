import torch as th


def evaluate(model, loader):
    model.eval()
    for batch in loader:
        yield_ = model(batch)  # expect: GG001
        print(yield_)
