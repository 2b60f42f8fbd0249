# A shape check: a fresh generator from the factory, run once on a random
# tensor. Nothing trained, nothing evaluated: left alone.
import torch

from networks import make_generator

if __name__ == "__main__":
    net = make_generator("strip", 3, 8)
    print(net(torch.randn(1, 3, 16, 16)).shape)
