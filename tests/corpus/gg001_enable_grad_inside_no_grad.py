import torch


@torch.no_grad()
def evaluate_with_gradnorm(model, val_loader):
    model.eval()
    norms = []
    for x, y in val_loader:
        with torch.enable_grad():
            x = x.requires_grad_()
            out = model(x)
            (g,) = torch.autograd.grad(out.sum(), x)
        norms.append(g.norm().item())
    return norms
