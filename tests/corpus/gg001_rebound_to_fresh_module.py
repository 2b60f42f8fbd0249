# A name put in eval mode and then bound to a freshly built module: the new
# module is in training mode, whatever the old one was. Moving or compiling
# the same module keeps its mode.
import torch
from torchvision.models import resnet18

net = resnet18(weights=None).eval()
probe = torch.randn(1, 3, 224, 224)
for _ in range(2):
    scores = net(probe)  # expect: GG001

net = resnet18(weights=None)
for step in range(3):
    print(net(probe).shape)

fast = resnet18(weights=None).eval()
fast = fast.half()
for _ in range(2):
    logits = fast(probe.half())  # expect: GG001
