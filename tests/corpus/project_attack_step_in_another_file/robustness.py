# Measures accuracy under attack: the loop calls the attack, which runs a
# backward through the model, so the loop is no evaluation to wrap in
# no_grad (a wrap around it would break the attack). The clean pass over
# the test set afterwards is evaluation.
import torch
from attacks.patch import patch_attack


def attacked_accuracy(model, loader):
    model.eval()
    hits = 0
    for x, y in loader:
        clean = model(x).argmax(1)
        adv = patch_attack(model, x, y)
        hits += (model(adv).argmax(1) == y).sum().item() + (clean == y).sum().item()
    return hits


def clean_accuracy(model, loader):
    model.eval()
    hits = 0
    for x, y in loader:
        hits += (model(x).argmax(1) == y).sum().item()  # expect: GG001
    return hits
