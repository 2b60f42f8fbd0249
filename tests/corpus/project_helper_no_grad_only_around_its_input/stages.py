# A cascade's first stage, in a helper handed the network: its author put
# the input's conversion under no_grad and the forward after the block, so
# the forward runs in whatever mode its caller leaves on. The helper is the
# network's forward where it is called.
import numpy as np
import torch


def propose(picture, net, scale):
    small = np.asarray(picture, "float32") * scale
    with torch.no_grad():
        batch = torch.FloatTensor(small).unsqueeze(0)
    scores = net(batch)
    return scores[0].data.numpy()


def refine(crops, net):
    # The whole forward under no_grad: a helper that turns grad off itself.
    with torch.no_grad():
        out = net(torch.FloatTensor(crops))
    return out.data.numpy()


def rescore(crops, net):
    # The forward on the with's own line: under no_grad all the same.
    with torch.no_grad(): out = net(torch.FloatTensor(crops))
    return out.data.numpy()
