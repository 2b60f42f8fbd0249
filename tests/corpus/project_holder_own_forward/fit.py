# Training through the wrapper: its training-mode method, then the loop
# that steps on the generator's loss. Nothing to report.
import torch

from colorizer import ColorizeModel
from folders import image_loader

model = ColorizeModel()
model.prepare_for_training()
opt = torch.optim.Adam(model.net_paint.parameters())
for batch in image_loader("train"):
    model.set_input(batch)
    model.forward()
    loss = (model.colored - batch["color"]).abs().mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
