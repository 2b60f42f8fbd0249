import torch


def estimate_loss(model, get_batch, eval_iters):
    out = {}
    model.eval()
    for split in ["train", "val"]:
        losses = torch.zeros(eval_iters)
        for k in range(eval_iters):
            X, Y = get_batch(split)
            logits, loss = model(X, Y)  # expect: GG001
            losses[k] = loss.item()
        out[split] = losses.mean()
    model.train()
    return out
