# A helper module binds grad's own callable to a name of its own, behind a
# version shim; files that import the name enter it as they would torch's.
import torch

if hasattr(torch, "inference_mode"):
    inference_mode = torch.inference_mode
else:
    inference_mode = torch.no_grad
