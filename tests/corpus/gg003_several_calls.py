import torch
from torch.autograd import Variable


def prepare(batch, use_cuda):
    data, target = batch
    if use_cuda:
        data, target = data.cuda(), target.cuda()
    data = Variable(data, volatile=True)  # expect: GG003
    target = Variable(target, volatile=True)  # expect: GG003
    return data, target
