import torch


class frozen_mode:
    """Puts modules in eval mode and, when asked, autograd off as well."""

    def __init__(self, *nets, grad_off=False):
        self.nets = nets
        self.grad_off = grad_off
        self.grad_ctx = torch.no_grad()

    def __enter__(self):
        self.saved = [n.training for n in self.nets]
        for n in self.nets:
            n.train(False)
        if self.grad_off:
            self.grad_ctx.__enter__()

    def __exit__(self, *exc):
        if self.grad_off:
            self.grad_ctx.__exit__(*exc)
        for n, was in zip(self.nets, self.saved):
            n.train(was)
        return False


class quiet_mode:
    """Enters a context it stores, but one that changes nothing of autograd."""

    def __init__(self, net):
        self.net = net
        self.ctx = open("/dev/null", "w")

    def __enter__(self):
        self.net.eval()
        self.ctx.__enter__()

    def __exit__(self, *exc):
        self.ctx.__exit__(*exc)
        self.net.train()
