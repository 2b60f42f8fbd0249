# The same loop under no_grad: the forwards are seen, nothing is saved.
import torch

model = torch.nn.Linear(8, 4)
model.eval()
with torch.no_grad():
    for _ in range(3):
        y = model(torch.randn(2, 8))  # measure: calls=3 eval_calls=3 grad_enabled_calls=0 bytes_total=0
