# The wrapper's own method puts its generator in eval mode; then the script
# colorizes a folder with grad on. Its training-mode method says nothing of
# evaluation, so the training script's loop is left alone.
import torch

from colorizer import ColorizeModel
from folders import image_loader

model = ColorizeModel()
model.prepare_for_test("paint.pth")
for batch in image_loader("photos"):
    model.set_input(batch)
    model.forward()  # expect: GG001
    torch.save(model.colored.cpu(), "out.pt")
