import torch


def evaluate(model, loader, use_cuda):
    model.eval()
    try:
        for i, x in enumerate(loader):
            if use_cuda:
                x = x.cuda()
            while x.dim() < 4:
                x = x.unsqueeze(0)
            out = model(x)  # expect: GG001
    finally:
        model.train()
    return out
