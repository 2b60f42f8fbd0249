# A demo script left behind by a refactor: `classifier` is bound nowhere in the
# file (no import, no assignment, no parameter, no star import), so calling
# it raises NameError and runs no model, whatever its name says. The two
# models the script does build and load are reported.
import torch
from torchvision import models


def demo(checkpoint, image):
    backbone = models.resnet18()
    backbone.load_state_dict(torch.load(checkpoint))
    head = torch.load(checkpoint + ".head")
    backbone.eval()
    head.eval()
    feats = backbone(image)  # expect: GG001
    out = head(feats)  # expect: GG001
    out = classifier(out).data
    return out.argmax(1)
