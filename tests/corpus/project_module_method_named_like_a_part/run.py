# The error rate after each epoch is kept for the best so far: a float from
# a method of the verifier (defined in verify/system.py), not an output
# with history, though the method's name ends in "network".
import torch

from verify.system import Verifier

system = Verifier(16)
errors = []
for epoch in range(10):
    system.train_epoch(torch.load("train.pt"))
    errors.append(system.eval_network(torch.load("trials.pt"))[0])
    print(min(errors))
