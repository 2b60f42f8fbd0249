# Eval mode set on the module handed to a parallel wrapper, in the same
# statement (`nn.DataParallel(base.train(False).cuda())`): the wrapper runs
# it in that mode, so the loop over the data is evaluation.
import torch
import torch.nn as nn
from torchvision import models


def extract(loader):
    base = models.resnet50(pretrained=True)
    model = nn.DataParallel(base.train(False).cuda())
    feats = []
    for x, _ in loader:
        feats.append(model(x.cuda()).detach().cpu().numpy())  # expect: GG001
    return feats


def compiled_scores(net, loader):
    fast = torch.compile(net.eval())
    return [fast(x).argmax(1) for x in loader]  # expect: GG001
