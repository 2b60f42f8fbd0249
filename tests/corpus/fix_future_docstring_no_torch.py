"""Evaluation with lightning only."""
from __future__ import annotations

import lightning as L


def evaluate(model, loader):
    model.eval()
    for batch in loader:
        out = model(batch)  # expect: GG001
        print(out)
