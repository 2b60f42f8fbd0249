# A list grown with `+= [item]` keeps what append would: evaluation outputs
# with history, one graph per batch, until the torch.cat after the loop.
# Ids from the batch carry no history.
import torch


def collect(model, loader):
    model.eval()
    preds, ids = [], []
    for batch in loader:
        out = model(batch["x"])  # expect: GG001
        preds += [out]  # expect: GG002
        ids += [batch["id"]]
    return torch.cat(preds), ids
