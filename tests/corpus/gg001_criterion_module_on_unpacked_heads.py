# Criteria written as modules, each holding no parameter: one wraps one of
# torch's own losses (its class weights a buffer), one keeps its class
# weights in an old Variable. They run on parts of what the network
# returned (a tuple unpacked, its items, a loop over its heads): the
# network's forward is the one evaluation forward.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable


class PixelNLL(nn.Module):
    def __init__(self, class_weights=None):
        super(PixelNLL, self).__init__()
        self.nll = nn.NLLLoss(class_weights, ignore_index=255)

    def forward(self, logits, target):
        return self.nll(F.log_softmax(logits, dim=1), target)


class SoftDice(nn.Module):
    def __init__(self, class_weights, n_classes=2):
        super(SoftDice, self).__init__()
        self.n_classes = n_classes
        self.w = Variable(class_weights * class_weights)

    def forward(self, logits, target):
        probs = F.softmax(logits, dim=1)
        onehot = F.one_hot(target, self.n_classes).permute(0, 3, 1, 2).float()
        inter = (probs * onehot).flatten(2).sum(2)
        union = (probs + onehot - probs * onehot).flatten(2).sum(2)
        return -torch.mean(self.w * inter / (self.w * union + 1e-8))


seg_weights = torch.ones(2)
dir_weights = torch.ones(37)
dice = SoftDice(seg_weights, n_classes=2)
nll = PixelNLL(class_weights=dir_weights)


def validate(net, val_loader):
    net.eval()
    seg_total, dir_total = 0.0, 0.0
    for images, masks, directions in val_loader:
        seg_heads, dir_heads = net(images)  # expect: GG001
        seg_loss = dice(seg_heads[0], masks)
        for head in seg_heads[1:]:
            seg_loss = seg_loss + dice(head, masks)
        dir_loss = nll(dir_heads[0], directions)
        for k, head in enumerate(dir_heads[1:]):
            dir_loss = dir_loss + nll(head, directions)
        seg_total += seg_loss.item()
        dir_total += dir_loss.item()
    return seg_total, dir_total
