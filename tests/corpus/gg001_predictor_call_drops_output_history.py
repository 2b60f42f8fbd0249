# A plain class whose __call__ runs a model it put in eval mode when it was
# built, and drops the output's history before anything can take it (the
# prediction is detached, moved to the CPU, stored on the task): a
# predictor for a demo's stream of clips, whatever its callers' mode. One
# that hands the output back as it is stays its callers' business (a loss
# may backward through it), and so does one whose output a later operation
# carries on.
import torch
from torch import nn


class ClipNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(64, 10)

    def forward(self, clip):
        return self.head(clip)


def make_net(cfg):
    return ClipNet()


class ClipPredictor:
    def __init__(self, cfg):
        self.net = make_net(cfg)
        self.net.eval()
        self.cfg = cfg

    def __call__(self, job):
        clip = torch.as_tensor(job.frames)
        if self.cfg.skip:
            scores = torch.zeros(1)
        else:
            scores = self.net(clip)  # expect: GG001
        if self.cfg.gpu:
            scores = scores.cpu()
        scores = scores.detach()
        job.attach(scores)
        return job


class ClipScorer:
    def __init__(self, cfg):
        self.net = make_net(cfg)
        self.net.eval()

    def __call__(self, clip):
        scores = self.net(clip)
        return scores.softmax(-1)


class ClipMixer:
    def __init__(self, cfg):
        self.net = make_net(cfg)
        self.net.eval()

    def __call__(self, clip, prior):
        scores = self.net(clip)
        mixed = scores * prior
        return mixed.detach(), scores
