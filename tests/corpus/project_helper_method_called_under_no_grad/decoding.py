# A summariser's helpers are plain classes: one builds the network and
# trains it, another is handed that object and searches with it. Their
# methods put the network in eval mode and run it, which alone would look
# like an evaluation with grad on; but every call of them in the project
# sits under no_grad, in other files, on an instance those files got from a
# factory, a loader or a parameter. Nothing to report.
import torch

from nets import Seq2Seq


class Summariser(object):
    def __init__(self, opts):
        self.network = Seq2Seq(opts.vocab)
        self.optimizer = torch.optim.Adam(self.network.parameters())

    def update(self, batch):
        self.network.train()
        loss = self.network(batch["tokens"]).logsumexp(-1).mean()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def predict(self, batch):
        self.network.eval()
        scores = self.network(batch["tokens"])
        return scores.softmax(-1)

    @staticmethod
    def load(path, opts):
        tool = Summariser(opts)
        tool.network.load_state_dict(torch.load(path))
        return tool


class BeamSearcher:
    def __init__(self, tool, width=4):
        self.tool = tool
        self.width = width

    def search(self, batch):
        self.tool.network.eval()
        memory = self.tool.network.encoder(batch["tokens"])
        scores = self.tool.network.decoder(memory)
        return scores.topk(self.width, dim=-1)


def make_searcher(tool, opts):
    return BeamSearcher(tool, width=opts.width)
