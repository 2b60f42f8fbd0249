import torch

from decoding import Summariser, make_searcher


def validate(tool, loader):
    right = 0
    with torch.no_grad():
        for batch in loader:
            right += int((tool.predict(batch) == batch["gold"]).sum())
    return right


def search_all(tool, loader, opts):
    searcher = make_searcher(tool, opts)
    hits = 0
    with torch.no_grad():
        for batch in loader:
            best = searcher.search(batch)
            hits += int((best.indices[..., 0] == batch["gold"]).sum())
    return hits


def main(opts, train_loader, dev_loader):
    tool = Summariser(opts)
    for epoch in range(opts.epochs):
        for batch in train_loader:
            tool.update(batch)
        print(validate(tool, dev_loader))
    best = Summariser.load(opts.path, opts)
    print(search_all(best, dev_loader, opts))
