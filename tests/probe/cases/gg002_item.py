# The same sum of .item(): each graph dies with its iteration; GG001 remains.
import torch

model = torch.nn.Linear(8, 1).eval()
total = 0.0
for _ in range(5):
    total += model(torch.randn(2, 8)).sum().item()  # expect: GG001  measure: calls=5 alive_max=0 bytes_kept=320
