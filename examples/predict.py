"""Batch inference from the command line: a module-level script."""
import sys

import torch
import torchvision

model = torchvision.models.resnet18(weights="DEFAULT")
model.eval()
batch = torch.load(sys.argv[1])

with torch.inference_mode():
    probabilities = model(batch).softmax(dim=1)

top = probabilities.argmax(dim=1)
print(top.tolist())
