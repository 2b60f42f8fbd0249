# A script that trains at module level and then, in the same block, switches
# to eval and runs the model: the statements after .eval() are evaluation.
# Where a training function is called in an .eval()'s block, the block trains.
import torch
import torch.nn.functional as F
from torch import nn


def fit_more(net, x, y, opt):
    net.train()
    opt.zero_grad()
    F.mse_loss(net(x), y).backward()
    opt.step()


if __name__ == "__main__":
    net = nn.Linear(8, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    x, y = torch.randn(32, 8), torch.randn(32, 1)
    for _ in range(10):
        opt.zero_grad()
        F.mse_loss(net(x), y).backward()
        opt.step()

    net.eval()
    preds = net(x)  # expect: GG001
    print(preds.mean())


if __name__ == "__main__" and torch.cuda.is_available():
    net.eval()
    warm = net(x)
    fit_more(net, x, y, opt)
