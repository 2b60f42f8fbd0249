# Each fold fits a fresh mixture and scores it on the fold's held-out rows:
# the scoring forward runs with autograd on, on data cast on the way in.
import torch

from ensemble import fit_mixture

scores = []
for fold in range(10):
    x_train, x_test, y_train, y_test = torch.load("fold_%d.pt" % fold)
    est, last_loss = fit_mixture(x_train, y_train, n_inputs=13)
    mean, var = est(x_test.float())  # expect: GG001
    scores.append(((mean - y_test) ** 2).mean().sqrt().item())
print(sum(scores) / len(scores))
