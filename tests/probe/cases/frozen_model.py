# Frozen parameters and inputs that need no grad: grad is on, nothing is saved, nothing reported.
import torch

model = torch.nn.Sequential(torch.nn.Linear(8, 8), torch.nn.ReLU(), torch.nn.Linear(8, 4))
model.requires_grad_(False)
model.eval()
for _ in range(3):
    y = model(torch.randn(2, 8))  # measure: calls=3 grad_enabled_calls=3 params_require_grad=false bytes_total=0
