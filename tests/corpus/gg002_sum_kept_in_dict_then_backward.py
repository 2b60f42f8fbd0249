# A training loop sums a feature-matching loss over each discriminator's
# layers, keeps the sum in a dict of losses, and backwards the dict's total:
# the sum is the loss the step trains on, not a graph kept by mistake. A fix
# that detached its terms would cut them out of training.
import torch
from torch import nn


def train(generator, discriminator, loader, optimizer, epochs, feat_weight, use_feat=True):
    match_loss = nn.L1Loss()
    for epoch in range(epochs):
        for real, cond in loader:
            fake = generator(cond)
            pred_fake = discriminator(fake)
            pred_real = discriminator(real)
            losses = {}
            losses["adv"] = -pred_fake[-1][-1].mean()
            if use_feat:
                feat_loss = torch.zeros(1)
                for i in range(len(pred_fake)):
                    for j in range(len(pred_fake[i]) - 1):
                        term = match_loss(pred_fake[i][j], pred_real[i][j].detach())
                        feat_loss += term * feat_weight / len(pred_fake)
                losses["feat"] = feat_loss
            total = sum(losses.values()).mean()
            optimizer.zero_grad()
            total.backward()
            optimizer.step()
