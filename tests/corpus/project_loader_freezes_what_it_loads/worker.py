# A batching worker runs what a loader of another file handed back. The
# frozen network records nothing on the images it is given: no report. The
# one only put in eval mode still keeps its activations with autograd on.
import torch

from serving.loading import open_eval, open_frozen


class FrozenWorker:
    def __init__(self, path):
        self.net = open_frozen(path)

    def run(self, images):
        return self.net(images.to(torch.float32)).clamp(0, 1).cpu()


class EvalWorker:
    def __init__(self, path):
        self.net = open_eval(path)

    def run(self, images):
        return self.net(images.to(torch.float32)).clamp(0, 1).cpu()  # expect: GG001
