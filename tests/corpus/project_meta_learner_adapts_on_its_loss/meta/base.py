import torch.nn as nn


class Learner(nn.Module):
    def adapt(self, loss, step=None):
        raise NotImplementedError
