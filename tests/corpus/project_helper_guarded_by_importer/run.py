import torch

from pkg.scoring import score_once, score_split


def fit(model, loader, val_loader, opt):
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    with open("log.txt", "a") as log:
        with torch.no_grad():
            acc = score_split(model,
                              val_loader)
        log.write(str(acc))
    final = score_once(model, val_loader)
    model.train()
    return acc, final
