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


# Grad turned on by hand is a choice, as enable_grad is (SPEC §2 lists it
# with backward): test-time adaptation or an input's gradient wants the graph.
def evaluate_true(model, x):
    model.eval()
    with torch.set_grad_enabled(True):
        return model(x)


def adapt_then_score(model, loader):
    model.eval()
    torch.set_grad_enabled(True)
    scores = [model(x) for x in loader]
    torch.set_grad_enabled(False)
    return scores


def score(model, loader):
    model.eval()
    return [model(x) for x in loader]  # expect: GG001
