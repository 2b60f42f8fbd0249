# Transfer attack: the surrogate crafts each batch (SignStep's forward takes
# the input's gradient), and the victim, a torchvision model in eval mode,
# only scores it. The victim's forward is evaluation with grad on. A plain
# class whose forward differentiates is no model, so it says nothing of
# what the victim (a torchvision factory's module) is; and the fix wraps the
# scoring statement alone, since the loop also runs the attack.
import torch
import torch.nn as nn
from torchvision import models

from perturb.sign_step import SignStep


def fooling_rate(val_batches):
    surrogate = models.resnet18(weights="IMAGENET1K_V1")
    victim = models.densenet121(weights="IMAGENET1K_V1").cuda()
    surrogate.eval()
    victim.eval()
    step = SignStep(surrogate, nn.CrossEntropyLoss(), 8 / 255)
    fooled = 0
    for batch, target in val_batches:
        crafted = step.forward(batch, target)
        scores = victim(crafted)  # expect: GG001
        fooled += (scores.argmax(1) != target).sum().item()
    return fooled


if __name__ == "__main__":
    print(fooling_rate(torch.load("val_batches.pt")))
