# A torch-free script that imports nothing of the project's models: not read.
import numpy as np


def smooth(xs, k=10):
    return np.convolve(xs, np.ones(k) / k, mode="valid")
