# A trainer shares one epoch loop between training and evaluation: the
# optimizer, or None, is handed down through two helpers to the step that
# backwards only when it is given one. evaluate() puts the network in eval
# mode and runs the loop without an optimizer and without no_grad, so the
# forward three calls down records a graph per batch. The fix goes on
# evaluate()'s call, never inside the shared loop training runs too.
import torch
import torch.nn.functional as F


class Runner:
    def __init__(self, net, opt, train_data, val_data):
        self.net = net
        self.opt = opt
        self.train_data = train_data
        self.val_data = val_data

    def score_batch(self, batch):
        tokens, target = batch
        return F.cross_entropy(self.net(tokens), target)  # expect: GG001; says: through run_epoch(); fix: safe

    def step(self, batch, opt):
        loss = self.score_batch(batch)
        if opt is not None:
            opt.zero_grad()
            loss.backward()
            opt.step()
        return loss.item()

    def run_epoch(self, data, opt=None):
        return sum(self.step(batch, opt) for batch in data) / len(data)

    def fit(self, epochs):
        for epoch in range(epochs):
            self.net.train()
            print("train", self.run_epoch(self.train_data, self.opt))
            self.net.eval()
            with torch.no_grad():
                print("val", self.run_epoch(self.val_data))

    def evaluate(self, data):
        self.net.eval()
        return self.run_epoch(data)
