# An evaluation helper that runs the model it is handed over held-out
# engines, eval mode set and grad on in its own body. The one caller,
# another file that star-imports this module, runs it inside no_grad: the
# helper is guarded there, and nothing is reported.
import torch


def score(units, targets, model):
    model.eval()
    errors = []
    for x, y in zip(units, targets):
        errors.append((model(x) - y).pow(2).mean().item())
    return sum(errors) / len(errors)


def score_alone(units, targets, model):
    model.eval()
    return [model(x).item() for x in units]  # expect: GG001
