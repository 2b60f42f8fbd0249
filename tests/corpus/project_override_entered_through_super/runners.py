# A plain base runner loops over the environment and asks its subclass for
# each episode (rollout(), a hook it defines but never runs itself for
# training). The navigation runner's test() puts its networks in eval mode
# and enters the base's loop through super(): the instance is a NavRunner,
# so the base's self.rollout() runs NavRunner.rollout, as evaluation. Its
# train() runs the same rollout for the loss it backpropagates.
import torch
from torch import nn


class BaseRunner(object):
    def __init__(self, env):
        self.env = env
        self.results = {}

    def rollout(self, **kwargs):
        raise NotImplementedError

    def test(self, iters=None, **kwargs):
        self.results = {}
        for i in range(iters):
            for traj in self.rollout(**kwargs):
                self.results[traj["id"]] = traj["path"]


class NavRunner(BaseRunner):
    def __init__(self, env):
        super().__init__(env)
        self.encoder = nn.GRU(16, 16)
        self.decoder = nn.Linear(16, 4)
        self.optimizer = torch.optim.Adam([*self.encoder.parameters(), *self.decoder.parameters()])
        self.loss = 0

    def rollout(self, train_ml=None):
        obs = self.env.reset()
        ctx, _ = self.encoder(obs)  # expect: GG001; says: called from test()
        logits = self.decoder(ctx)
        if train_ml is not None:
            self.loss += train_ml * nn.functional.cross_entropy(logits.flatten(0, 1), self.env.targets())
        return [{"id": i, "path": p} for i, p in enumerate(logits.argmax(-1).tolist())]

    def test(self, iters=None, use_dropout=False):
        if use_dropout:
            self.encoder.train()
            self.decoder.train()
        else:
            self.encoder.eval()
            self.decoder.eval()
        super(NavRunner, self).test(iters)

    def train(self, n_iters):
        self.encoder.train()
        self.decoder.train()
        for _ in range(n_iters):
            self.loss = 0
            self.optimizer.zero_grad()
            self.rollout(train_ml=1.0)
            self.loss.backward()
            self.optimizer.step()
