import sys

import torch
import torchvision

torch.set_grad_enabled(False)
model = torchvision.models.resnet50(weights="IMAGENET1K_V2").eval()
batch = torch.load(sys.argv[1])
print(model(batch).softmax(-1).topk(5))
