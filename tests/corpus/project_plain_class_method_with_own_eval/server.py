import torch

from rounds import ClientRound


def global_accuracy(global_model, loaders, device):
    global_model.eval()
    accs = []
    for loader in loaders:
        acc, _ = ClientRound(loader, device).score(model=global_model)
        accs.append(acc)
    return sum(accs) / len(accs)
