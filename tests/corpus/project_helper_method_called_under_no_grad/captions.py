# The other side: the same shape where one call of the method runs with grad
# on (a demo), so the method's forward is evaluation with grad on.
import torch

from nets import Seq2Seq


class Captioner:
    def __init__(self):
        self.net = Seq2Seq()

    def infer(self, tokens):
        self.net.eval()
        out = self.net(tokens)  # expect: GG001
        return out


def demo(tokens):
    tool = Captioner()
    return tool.infer(tokens)


def batch_eval(loader):
    tool = Captioner()
    with torch.no_grad():
        return [tool.infer(x) for x in loader]
