import torch


def inference_guard(fast=True):
    """A decorator factory: inference_mode where it exists, else no_grad."""

    def decorate(fn):
        return (torch.inference_mode if fast else torch.no_grad)()(fn)

    return decorate


class NoTracking:
    def __enter__(self):
        self.prev = torch.is_grad_enabled()
        torch.set_grad_enabled(False)

    def __exit__(self, *exc):
        torch.set_grad_enabled(self.prev)
