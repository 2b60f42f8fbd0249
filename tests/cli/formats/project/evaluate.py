import torch
from torch.autograd import Variable


def evaluate(model, batches):
    model.eval()
    scores = []
    for batch in batches:
        # A key with the characters XML and workflow commands escape.
        scores.append(model(batch["<in> & 'out'"]))
    return scores


def legacy(model, x):
    return model(Variable(x, volatile=True))
