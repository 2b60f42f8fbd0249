class InputSaliency:
    """A plain object: calling it backpropagates into the input on purpose."""

    def __init__(self, net):
        self.net = net

    def __call__(self, x, target=None):
        x = x.clone().requires_grad_(True)
        self.net(x).max().backward()
        return x.grad
