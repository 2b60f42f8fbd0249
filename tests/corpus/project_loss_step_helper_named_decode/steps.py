# A language model's training step split in helpers: decode() runs the model
# and run_steps() turns its output into a torch loss it returns. Whoever calls
# run_steps() trains on what it returns (the backward is in another file), so
# decode()'s forward is training, whatever its name, and no wrap may touch it.
import torch
import torch.nn.functional as F

import shaping


def run_steps(model, tokens, targets, mask, reduction="mean"):
    logits = decode(model, tokens.unsqueeze(1), mask)

    log_probs = shaping.for_loss("nll", logits, dim=-1)

    loss = F.nll_loss(log_probs.view(-1, log_probs.size(-1)), targets, reduction=reduction)

    if reduction != "mean":
        return loss.view(log_probs.size(0), -1), log_probs
    else:
        return loss, log_probs


def decode(model, tokens, mask):
    return model(tokens, sequence_mask=mask)


def batch_generate(settings, counts, batch_variables):
    # Named for the generation task, not for sampling: it returns the loss.
    loader = batch_variables["data"]
    model = batch_variables["model"]
    split = batch_variables["split"]
    batch, reset = loader.sample_batch(split, bs=settings.bs)
    tokens = batch["sequences"]
    mask = batch["attention_mask"]
    targets = tokens[:, 1:].contiguous().view(-1)
    loss, dist = run_steps(model, tokens[:, :-1], targets, mask[:, :-1], reduction="none")
    per_item = loss.sum(1)
    return {"loss": per_item.sum(), "counts": counts, "reset": reset}
