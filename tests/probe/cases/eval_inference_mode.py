import torch

model = torch.nn.Linear(8, 4).eval()
with torch.inference_mode():
    for _ in range(2):
        y = model(torch.randn(2, 8))  # measure: calls=2 eval_calls=2 grad_enabled_calls=0 bytes_total=0
