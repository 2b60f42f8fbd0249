# A detector's test: one pass on a blank image to warm the GPU up, thrown to
# `_` (and skipped on the CPU), then the real loop under no_grad. The
# warm-up computes nothing anyone reads: not evaluation to report.
import torch
from detector import load_detector


def test(weights, loader, device, half):
    net = load_detector(weights, device)
    net.eval()
    blank = torch.zeros((1, 3, 512, 512), device=device)
    _ = net(blank.half() if half else blank) if device.type != "cpu" else None
    hits = 0
    with torch.no_grad():
        for images, labels in loader:
            hits += (net(images).argmax(1) == labels).sum().item()
    return hits
