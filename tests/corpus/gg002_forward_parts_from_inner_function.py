# A forward that returns what a function it defines returns: the count of
# hits is a plain number there, so adding it up keeps no graph.
import torch
import torch.nn as nn


class ClozeProber(nn.Module):
    def __init__(self, backbone):
        super().__init__()
        self.backbone = backbone

    def forward(self, tokens, answers):
        def masked_lm():
            out = self.backbone(tokens)
            loss = nn.functional.cross_entropy(out.flatten(0, 1), answers.flatten())
            hits = 0
            for row, gold in zip(out.argmax(-1).tolist(), answers.tolist()):
                if row[0] == gold[0]:
                    hits += 1
            return loss, hits

        return masked_lm()


def fit(model, loader, opt):
    hits = 0
    for tokens, answers in loader:
        loss, batch_hits = model(tokens, answers)
        hits += batch_hits
        loss.backward()
        opt.step()
    return hits


if __name__ == "__main__":
    prober = ClozeProber(nn.Embedding(10, 10))
    fit(prober, torch.load("train.pt"), torch.optim.SGD(prober.parameters(), lr=0.1))
