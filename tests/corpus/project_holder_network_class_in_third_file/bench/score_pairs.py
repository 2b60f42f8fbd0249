# A benchmark script: weights loaded, eval mode set through the wrapper, then
# every triplet of the test set scored with grad on.
import torch
from interp.engine import Interpolator
from interp.starred import StarInterpolator

engine = Interpolator()
engine.load("weights/flow.pt")
engine.eval()
errors = []
for first, mid, last in torch.load("triplets.pt"):
    guess = engine.middle(first, last)  # expect: GG001
    errors.append((guess - mid).abs().mean().item())
    plain = engine.mix(first, last)

starred = StarInterpolator()
starred.flow.load_state_dict(torch.load("weights/flow.pt"))
starred.flow.eval()
for first, mid, last in torch.load("triplets.pt"):
    errors.append((starred.middle(first, last) - mid).abs().mean().item())  # expect: GG001
