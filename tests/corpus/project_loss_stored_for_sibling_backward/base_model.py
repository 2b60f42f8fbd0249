class BaseModel:
    """Not a module: it holds the networks and drives their training."""

    def __init__(self, device):
        self.device = device

    def optimize_parameters(self):
        raise NotImplementedError
