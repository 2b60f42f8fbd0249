# A detector's evaluation decorated with a wrapper from a package the
# workspace cannot read (cloned at run time, not installed), whose own name
# is a grad mode's: applied without arguments, it says it turns grad off,
# and nothing here says otherwise. A look-alike that takes a flag decides
# at run time: the forward under it is reported as any other.
import torch
from detkit.utils.torch_utils import smart_inference_mode, switch_no_grad


@smart_inference_mode()
def evaluate(model, loader):
    model.eval()
    return [model(images) for images, _ in loader]


@switch_no_grad(False)
def probe(model, loader):
    model.eval()
    return [model(images) for images, _ in loader]  # expect: GG001


def export_check(model, path):
    model.eval()
    dummy = torch.randn(1, 3, 640, 640)
    model(dummy)
    torch.onnx._export(model, dummy, path)
