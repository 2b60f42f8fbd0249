import lightning as L


def score(model, batches):
    model.eval()
    return [model(b) for b in batches]  # expect: GG001
