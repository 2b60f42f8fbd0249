# The unsupervised weight's ramp, decorated to run with grad off: a plain
# number for each epoch. The file is read only because another file calls it.
import math

import torch


@torch.no_grad()
def consistency_weight(epoch, ramp_epochs, peak):
    if epoch >= ramp_epochs:
        return peak
    phase = 1.0 - epoch / ramp_epochs
    return float(peak * math.exp(-5.0 * phase * phase))
