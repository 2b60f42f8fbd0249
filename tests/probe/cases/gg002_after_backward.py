# The PyTorch FAQ's case in training: each backward frees what its graph saved,
# but summing the losses keeps every graph's nodes alive.
import torch

model = torch.nn.Linear(8, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
total = 0
for _ in range(5):
    loss = model(torch.randn(4, 8)).pow(2).mean()  # expect: GG002  measure: alive_max=3 alive_bytes=0 eval_calls=0
    opt.zero_grad()
    loss.backward()
    opt.step()
    total += loss
