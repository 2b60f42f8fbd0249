# no_grad as a decorator: torch's wrapper frame is skipped, the site is the call in evaluate().
import torch


@torch.no_grad()
def evaluate(model, batches):
    model.eval()
    return [model(x) for x in batches]  # measure: calls=4 eval_calls=4 grad_enabled_calls=0 bytes_total=0


evaluate(torch.nn.Linear(8, 4), [torch.randn(2, 8) for _ in range(4)])
