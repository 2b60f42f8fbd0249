# An evaluation loop without no_grad: nn.Linear saves its input (2x8 float32,
# 64 bytes) for the weight's gradient at each call; the weight itself is not counted.
import torch

model = torch.nn.Linear(8, 4)
model.eval()
for _ in range(3):
    y = model(torch.randn(2, 8))  # expect: GG001  measure: calls=3 eval_calls=3 grad_enabled_calls=3 params_require_grad=true bytes_total=192 bytes_kept=192 bytes_peak=64
