# A forward on a dummy tensor whose result is thrown away before the work
# that keeps results (a warm-up before timing) keeps nothing past the
# statement, and export or tracing needs no evaluation guard: not reported.
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


def peak_memory(path, steps):
    # Discarded forwards with nothing after them are the work being measured,
    # not a warm-up: each saves its activations while it runs.
    net = torchvision.models.mobilenet_v2()
    net.load_state_dict(torch.load(path))
    net.eval()
    for _ in range(steps):
        net(torch.randn(64, 3, 224, 224))  # expect: GG001
    return torch.cuda.max_memory_allocated()
