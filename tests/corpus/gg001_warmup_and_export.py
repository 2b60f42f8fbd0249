# A forward on a dummy tensor whose result is thrown away (a warm-up before
# timing) keeps nothing past the statement, and export or tracing needs no
# evaluation guard: harmless, not reported. The timed loop that keeps results is.
import time

import torch
import torchvision


def time_it(loader):
    net = torchvision.models.mobilenet_v2()
    net.eval()
    sample = torch.randn(1, 3, 224, 224)
    for _ in range(3):
        net(sample)
    torch.onnx.export(net, sample, "net.onnx")
    scripted = torch.jit.trace(net, sample)
    start = time.time()
    outputs = []
    for images in loader:
        outputs.append(net(images))  # expect: GG001, GG002
    return scripted, outputs, time.time() - start
