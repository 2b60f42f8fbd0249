import torch

from scoring import Scorer


@torch.no_grad()
def final_report(
    model,
    loader,
    name: str = "test",
):
    return {name: Scorer(model).score(loader)}
