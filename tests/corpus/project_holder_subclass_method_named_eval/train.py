# The script's validation loop calls the wrapper's eval(x, y) over the
# validation loader (one word: devloader) with autograd on. What eval()
# returns is already detached (loss.data), so summing it into the numpy
# array keeps no graph: the forward is the finding, not the sum.
import numpy as np
import torch

from wrappers.mlp import *

wrapper = MlpWrapper(lr=0.1)
epochs = 5
dev_cost = np.zeros(epochs)
for epoch in range(epochs):
    wrapper.set_training(True)
    for x, y in trainloader:
        wrapper.fit(x, y)
    wrapper.set_training(False)
    for x, y in devloader:
        cost, wrong = wrapper.eval(x, y)  # expect: GG001
        dev_cost[epoch] += cost
