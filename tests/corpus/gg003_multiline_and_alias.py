import torch as th
from torch.autograd import Variable as V


def infer(model, batch):
    with th.no_grad():
        inputs = V(
            batch,
            volatile=True,  # expect: GG003
        )
        return model(inputs)
