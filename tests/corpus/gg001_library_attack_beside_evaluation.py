# Robust accuracy: each pass asks a library attack for an adversarial batch
# (advertorch's perturb and AutoAttack's run_standard_evaluation take the
# model's gradient with respect to the input), then scores the batch. The
# attack needs grad on and trains nothing: the scoring forward beside it is
# evaluation with grad on, and the fix wraps that statement alone, never the
# loop (a no_grad around the loop would make the attack's backward raise).
import torch
import torch.nn as nn
from advertorch.attacks import GradientSignAttack, LinfPGDAttack
from autoattack import AutoAttack


def robust_accuracy(classifier, loader, kind):
    classifier.eval()
    if kind == "pgd":
        attacker = LinfPGDAttack(classifier, loss_fn=nn.CrossEntropyLoss(), eps=4 / 255)
    else:
        attacker = GradientSignAttack(classifier, loss_fn=nn.CrossEntropyLoss(), eps=4 / 255)
    hits = 0
    for batch, target in loader:
        crafted = attacker.perturb(batch, target)
        scores = classifier(crafted).detach()  # expect: GG001
        hits += (scores.argmax(1) == target).sum().item()
    return hits


# The attack object is handed in by the caller, which built it from the
# classifier: its perturb is the same library method.
def check_under_attack(classifier, val_batches, attacker_val):
    classifier.eval()
    hits = 0
    for batch, target in val_batches:
        crafted = attacker_val.perturb(batch, target)
        hits += (classifier(crafted).argmax(1) == target).sum().item()  # expect: GG001
    return hits


def autoattack_accuracy(classifier, test_loader):
    classifier.eval()
    suite = AutoAttack(classifier, norm="Linf", eps=4 / 255, version="standard")
    hits = 0
    for batch, target in test_loader:
        crafted = suite.run_standard_evaluation(batch, target, bs=batch.size(0))
        hits += (classifier(crafted).argmax(1) == target).sum().item()  # expect: GG001
    return hits


def main(classifier, loader):
    pgd_val = LinfPGDAttack(classifier, loss_fn=nn.CrossEntropyLoss(), eps=4 / 255)
    print(robust_accuracy(classifier, loader, "pgd"))
    print(check_under_attack(classifier, loader, pgd_val))
    print(autoattack_accuracy(classifier, loader))
