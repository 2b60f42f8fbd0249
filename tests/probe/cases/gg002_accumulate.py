# Losses summed with their history: at the fifth call the graphs of the first
# three are still alive (the fourth is the one a loop may still hold).
import torch

model = torch.nn.Linear(8, 1).eval()
total = 0
for _ in range(5):
    total = total + model(torch.randn(2, 8)).sum()  # expect: GG001, GG002  measure: calls=5 alive_max=3 alive_bytes=192 alive_call=5
