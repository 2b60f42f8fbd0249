# The model's forward returns its loss beside a number a helper of another
# file computes (`.detach().item()`, the name rebound at the helper's top
# level) and a tensor another helper returns with its graph. Summing the
# number over the training loop keeps nothing; summing the tensor keeps
# every step's graph. The forward's one-value return under `if scoring:`
# is not what the loop unpacks.
import torch

from regressor import PriceNet


def fit(batches, epochs):
    net = PriceNet(12)
    opt = torch.optim.Adam(net.parameters())
    for epoch in range(epochs):
        err_sum, spread_sum = 0.0, 0.0
        for feats, target in batches:
            opt.zero_grad()
            loss, err, spread = net(feats, target)
            loss.backward()
            opt.step()
            err_sum += err
            spread_sum += spread  # expect: GG002
        print(epoch, err_sum, spread_sum)
