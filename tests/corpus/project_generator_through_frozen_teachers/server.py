# Data-free distillation on a server: a generator makes synthetic features,
# the clients' models (put in eval mode, never stepped) score them, and the
# weighted sum of their scores is the generator's loss. The teachers' forwards
# are in eval mode, but their outputs reach the backward: the generator learns
# through them, so they need autograd and nothing is reported there, whatever
# the loss the base class gives (self.loss, set in another file). A plain
# accuracy count over a loader is still reported.
import numpy as np
import torch

from fed.base import ServerBase


class Server(ServerBase):
    def __init__(self, args, generator, classes):
        super().__init__(args)
        self.generator = generator
        self.classes = classes
        self.heads_only = args.heads_only
        self.opt = torch.optim.Adam(generator.parameters(), lr=1e-3)
        self.weights, self.teachers = [], []

    def collect(self, clients):
        for client in clients:
            self.weights.append(client.samples)
            if self.heads_only:
                self.teachers.append(client.model.head)
            else:
                self.teachers.append(client.model)

    def fit_generator(self, rounds, batch):
        self.generator.train()
        for _ in range(rounds):
            labels = torch.LongTensor(np.random.choice(self.classes, batch))
            feats = self.generator(labels)
            scores = 0
            for w, teacher in zip(self.weights, self.teachers):
                teacher.eval()
                if self.heads_only:
                    scores += teacher(feats) * w
                else:
                    scores += teacher.head(feats) * w
            self.opt.zero_grad()
            loss = self.loss(scores, labels)
            loss.backward()
            self.opt.step()


def report(model, loader):
    model.eval()
    hits = 0
    for x, y in loader:
        hits += (model(x).argmax(-1) == y).sum().item()  # expect: GG001
    return hits



class Fitter:
    def __init__(self, model, poses, loader, preview, opt):
        self.model, self.poses = model, poses
        self.loader, self.preview, self.opt = loader, preview, opt

    def run(self, epochs):
        # The preview's poses are made in eval mode and only drawn: the loop
        # below binds `batch` afresh, so its backward reads the loader's
        # batches, not the preview's.
        for epoch in range(epochs):
            if epoch % 10 == 0:
                self.model.eval()
                self.poses.eval()
                index, batch = next(iter(self.preview))
                batch["pose"] = self.poses(index)  # expect: GG001
                draw(self.model, batch)
                self.model.train()
                self.poses.train()
            for index, batch in self.loader:
                batch["pose"] = self.poses(index)
                loss = self.model(batch).mean()
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
