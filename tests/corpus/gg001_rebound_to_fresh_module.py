# A name put in eval mode and then bound to a freshly built module: the new
# module is in training mode, whatever the old one was. Moving or compiling
# the same module keeps its mode. The probe is an image read from disk: on
# random input a fresh module's runs would be a self-test.
import torch
from torchvision.io import read_image
from torchvision.models import resnet18

net = resnet18(weights=None).eval()
probe = read_image("probe.png").float().unsqueeze(0)
for _ in range(2):
    scores = net(probe)  # expect: GG001

net = resnet18(weights=None)
for step in range(3):
    print(net(probe).shape)

fast = resnet18(weights=None).eval()
fast = fast.half()
for _ in range(2):
    logits = fast(probe.half())  # expect: GG001
