import torch
from accelerate import Accelerator

from .registry import available_models


# Field test: callables whose names end in "model" but take or return one.
def log_validation(accelerator, unet, vae, args):
    unet.eval()
    unwrapped = accelerator.unwrap_model(unet, keep_fp32_wrapper=True)
    names = available_models()
    helpers.check_model(unwrapped)
    return names


class Tester:
    def quantize_model(self, model):
        return model

    def get_errors(self, base):
        base.eval()
        return self.quantize_model(base)
