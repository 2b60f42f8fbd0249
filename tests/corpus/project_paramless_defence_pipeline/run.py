# An input-purification defence: filters written as modules in another
# package, deriving from a parameterless base there, built from literals and
# chained in a Sequential. The pipeline holds no parameter and nothing but
# numbers: a fixed function of its input, no graph to report. The classifier
# it feeds is a model, and its forward outside no_grad is reported.
import torch
import torch.nn as nn

from defs import Squeeze
from nets import load_classifier

model = load_classifier().eval()
squeeze = Squeeze(bits=5)
defense = nn.Sequential(squeeze, Squeeze(3))
for x, y in test_loader:
    clean = defense(x)
    with torch.no_grad():
        pred = model(clean).argmax(1)
    raw = model(x).argmax(1)  # expect: GG001
