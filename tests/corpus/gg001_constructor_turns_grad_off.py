# An inference helper's constructor turns autograd off for the whole process
# with a bare `torch.autograd.set_grad_enabled(False)`, and nothing in the
# file turns it back on: every method runs on an instance built before, so
# with grad off. A second helper that does not is still reported.
import torch


class Inferer:
    def __init__(self, path):
        torch.autograd.set_grad_enabled(False)
        self.model = torch.load(path)
        self.model.eval()

    def evaluate(self, batches):
        return [self.model(b).argmax(-1) for b in batches]


class PlainInferer:
    def __init__(self, path):
        self.model = torch.load(path)
        self.model.eval()

    def evaluate(self, batches):
        return [self.model(b).argmax(-1) for b in batches]  # expect: GG001


if __name__ == "__main__":
    print(Inferer("best.pt").evaluate(load_batches("test")))
    print(PlainInferer("best.pt").evaluate(load_batches("test")))
