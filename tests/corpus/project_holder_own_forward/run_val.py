# Drives the wrapper over the validation images after putting its generator
# in eval mode: the wrapper's own forward() runs that generator with grad on.
import torch

from colorizer import ColorizeModel, Flip
from folders import image_loader

model = ColorizeModel()
model.net_paint.load_state_dict(torch.load("paint.pth"))
model.net_paint.eval()
flip = Flip()
for batch in image_loader("val"):
    model.set_input(batch)
    model.forward()  # expect: GG001
    torch.save(flip.forward(model.colored.cpu()), "out.pt")
