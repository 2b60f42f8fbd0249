import torch


def train_critic(netD, batches, opt, criterion):
    scores = []
    for real, target in batches:
        opt.zero_grad()
        out = netD(real)
        err = criterion(out, target)
        err.backward()
        opt.step()
        scores.append(out)  # expect: GG002
    return torch.cat([s.detach() for s in scores]).mean()
