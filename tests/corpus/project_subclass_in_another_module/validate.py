import torch

from runners.quick import QuickScorer
from tuned.guarded import GuardedScorer
from tuned.variants import LoudScorer, QuieterScorer


def check_quick(net, batches):
    s = QuickScorer(net)
    s.eval()
    for b in batches:
        out = s(b)


def check_quieter(net, batches):
    s = QuieterScorer(net)
    s.eval()
    for b in batches:
        out = s(b)


def check_guarded(net, batches):
    s = GuardedScorer(net)
    s.eval()
    for b in batches:
        out = s(b)


def check_loud(net, batches):
    s = LoudScorer(net)
    s.eval()
    for b in batches:
        out = s(b)  # expect: GG001
