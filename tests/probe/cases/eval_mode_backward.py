# A forward in eval mode whose graph a backward does read (fine-tuning with
# dropout off, an input-gradient attack): bytes saved, none kept.
import torch

model = torch.nn.Linear(8, 1).eval()
for _ in range(3):
    loss = model(torch.randn(4, 8)).sum()  # measure: calls=3 eval_calls=3 bytes_total=384 bytes_kept=0
    loss.backward()
