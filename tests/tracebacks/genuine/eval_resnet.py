"""A torchvision ResNet-50 evaluated on GPU batches, with or without
torch.no_grad(): the shape of most pasted evaluation OOMs, with frames in
torchvision and torch's own layers. Runs only where torchvision is
installed (record_cuda.sh, on a GPU machine).

    eval_resnet.py BUDGET_MB [--no-grad]
"""
import sys

import torch
import torchvision

from memlimit import limit_memory
from model import DEVICE


def validate(model, images, no_grad):
    model.eval()
    correct = 0
    for x in images:
        if no_grad:
            with torch.no_grad():
                logits = model(x)
        else:
            logits = model(x)
        correct += int((logits.argmax(1) == 0).sum())
    return correct


def main():
    torch.manual_seed(0)
    model = torchvision.models.resnet50(weights=None).to(DEVICE)
    images = [torch.randn(64, 3, 224, 224, device=DEVICE) for _ in range(3)]
    limit_memory(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
    print("correct", validate(model, images, "--no-grad" in sys.argv))


if __name__ == "__main__":
    main()
