from torch import nn


class Sampler(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 8)

    def generate(self, x):
        # The project's own generate runs a submodule with grad as its caller leaves it.
        return self.net(x)
