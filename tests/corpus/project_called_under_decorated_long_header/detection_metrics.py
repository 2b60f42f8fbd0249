import torch


@torch.no_grad()
def summarize(
    metrics,
    quiet: bool = False,
):
    metrics.evaluate()
    if not quiet:
        metrics.summarize()
    return torch.tensor(metrics.stats)
