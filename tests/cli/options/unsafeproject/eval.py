from torch.autograd import Variable


def wrap(batch):
    return Variable(batch, volatile=True)
