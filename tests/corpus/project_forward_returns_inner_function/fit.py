import torch

from prober import ClozeProber


def fit(model, loader, opt):
    model.train()
    hits, total = 0, 0.0
    for tokens, answers in loader:
        loss, batch_hits = model(tokens, answers)
        hits += batch_hits
        loss.backward()
        opt.step()
        opt.zero_grad()
        total += loss  # expect: GG002
    return hits, total


if __name__ == "__main__":
    net = ClozeProber(torch.nn.Embedding(100, 100), "mlm")
    fit(net, torch.load("train.pt"), torch.optim.SGD(net.parameters(), lr=0.1))
