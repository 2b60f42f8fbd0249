import torch

out = model(x
