import torch

from nets import Encoder


def score(batches):
    enc = Encoder()
    enc.load_state_dict(torch.load("enc.pt"))
    enc.eval()
    outs = []
    for batch in batches:
        outs.append(enc(batch))
    return outs
