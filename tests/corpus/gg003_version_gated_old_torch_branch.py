# Compatibility code: a branch that only a torch before 1.0 runs keeps
# volatile=True, which worked there, and no torch of today runs it. Neither
# the keyword nor the forward beside it is reported; the same keyword in a
# branch today's torch takes is.
import torch
from distutils.version import LooseVersion
from torch.autograd import Variable


class TileScorer(object):
    def __init__(self, net):
        self.net = net.eval()

    def score(self, arr):
        x = torch.from_numpy(arr).unsqueeze(0)
        if LooseVersion(torch.__version__) >= LooseVersion("0.4.0"):
            with torch.no_grad():
                return self.net(x)
        else:
            return self.net(Variable(x, volatile=True))

    def score_float(self, arr):
        x = torch.from_numpy(arr)
        if float(torch.__version__[:3]) < 0.4:
            x = Variable(x, volatile=True)
        return x

    def score_negated(self, arr):
        x = torch.from_numpy(arr)
        if not (torch.__version__ >= "0.4"):
            x = Variable(x, volatile=True)
        return x

    def score_new_release(self, arr):
        x = torch.from_numpy(arr)
        if torch.__version__ < "2.1":
            x = Variable(x, volatile=True)  # expect: GG003
        return x


def build(net):
    return TileScorer(torch.nn.Sequential(net))
