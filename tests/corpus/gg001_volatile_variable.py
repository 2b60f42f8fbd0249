import torch
from torch.autograd import Variable


def test(net, test_loader):
    net.eval()
    correct = 0
    for data, target in test_loader:
        data = Variable(data, volatile=True)  # expect: GG003
        output = net(data)  # expect: GG001
        correct += output.data.max(1)[1].eq(target).sum()
    return correct
