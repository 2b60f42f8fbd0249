import sys

import torch
import torchvision

model = torchvision.models.resnet18(weights="DEFAULT").eval()
image = torch.load(sys.argv[1])
prediction = model(image.unsqueeze(0))  # expect: GG001
print(prediction.argmax())
