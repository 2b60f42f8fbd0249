# An episode runner shared by meta-training and validation: it scores a copy
# of the network on each task and backwards through that score only under
# `if mode == "train":`. Validation calls it with mode="val" and grad on: a
# real finding, but its wrap belongs on validation's call of the episode. A
# wrap of the scoring line inside the episode would leave the training
# half's backward with a loss that has no graph.
import copy

import torch
import torch.nn.functional as F


class EpisodeRunner:
    def __init__(self, net, lr):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=lr)

    def score(self, local_model, x, y):
        logits = local_model(x)  # expect: GG001; says: through episode() with mode="val" on line 41; fix: safe
        return F.cross_entropy(logits, y), logits

    def episode(self, tasks, mode="train"):
        losses = []
        for x, y in tasks:
            local_model = copy.deepcopy(self.net)
            loss, logits = self.score(local_model, x, y)
            if mode == "train":
                loss.backward()
            losses.append(loss.item())
        if mode == "train":
            self.opt.step()
        return sum(losses) / len(losses)

    def fit(self, loader):
        self.net.train()
        for tasks in loader:
            self.episode(tasks, mode="train")

    def validate(self, loader):
        self.net.eval()
        return [self.episode(tasks, mode="val") for tasks in loader]
