# A closure that __init__ stores on the object (self.score_fn = score_fn) is
# called by whoever reads the attribute, often a framework's validation hook
# that already runs without grad: like a returned closure, its name is no
# evidence. A closure the file calls itself is still judged by its name (here
# in a method the file calls from outside its class: a closure stands as its
# method does, gg001_closure_in_method.py).
import torch


class Task:
    def __init__(self, net, lexicon):
        self.net = net
        self.score_fn = None
        if lexicon is not None:
            self.decoder = lexicon.make_decoder()

            def score_fn(logits):
                return self.decoder(logits).sum(-1)

            self.score_fn = score_fn

    def report(self, loader):
        def score_batch(batch):
            return self.net(batch)  # expect: GG001

        return [score_batch(b) for b in loader]


def main(net, lexicon, loader):
    return Task(net, lexicon).report(loader)
