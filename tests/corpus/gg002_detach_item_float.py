import torch
import torch.nn.functional as F


def train(net, loader, opt):
    total = 0.0
    total2 = 0.0
    count = 0
    for x, y in loader:
        loss = F.mse_loss(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.detach().item()
        total2 = total2 + float(loss)
        count += int(x.shape[0])
    return total / count, total2
