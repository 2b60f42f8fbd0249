import torch


def validate(model, val_loader):
  model.eval()
  losses = []
  for x, y in val_loader:
    out = model(x)  # expect: GG001
    losses.append(out)  # expect: GG002
  return torch.cat(losses)
