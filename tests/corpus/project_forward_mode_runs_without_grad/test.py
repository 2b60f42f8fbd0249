# A test script that never spells torch: it runs the project's module in the
# mode whose branch turns grad off, so it records nothing.
from painter import Painter
from options import load_checkpoint

painter = Painter()
load_checkpoint(painter)
painter.eval()
for batch in test_loader:
    images = painter(batch, mode="inference")
    score = painter(batch, mode="generator")  # expect: GG001
