import torch


def evaluate(model, val_loader):
    model.eval()
    all_logits = []
    all_labels = []
    for batch, labels in val_loader:
        logits = model(batch)  # expect: GG001
        all_logits.append(logits)  # expect: GG002
        all_labels.append(labels)
    preds = torch.cat(all_logits).argmax(dim=1)
    return (preds == torch.cat(all_labels)).float().mean().item()
