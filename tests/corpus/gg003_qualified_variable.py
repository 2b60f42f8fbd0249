import torch
import torch.autograd


def test(net, data):
    net.eval()
    for x in data:
        x = torch.autograd.Variable(x.cuda(), volatile=True)  # expect: GG003
        y = net(x)  # expect: GG001
        print(y.data)
