# A module's own forward() loops over a tensor of valid-area fractions (one
# per feature level) while it runs its layers. The name says "valid", but a
# forward runs in its caller's grad mode, training included: nothing in its
# body is evidence of evaluation, and a wrap there would cut training.
import torch
from torch import nn


class LevelRefiner(nn.Module):
    def __init__(self, width, levels):
        super().__init__()
        self.blocks = nn.ModuleList([nn.Linear(width, width) for _ in range(levels)])
        self.offset = nn.Linear(width, width)

    def forward(self, feats, valid_ratios):
        out = []
        for level, ratio in enumerate(valid_ratios):
            shifted = feats * ratio
            feats = self.blocks[level](feats + self.offset(shifted))
            out.append(feats)
        return torch.stack(out)


def train_step(model, opt, feats, ratios, target):
    opt.zero_grad()
    loss = (model(feats, ratios)[-1] - target).pow(2).mean()
    loss.backward()
    opt.step()
    return loss.item()
