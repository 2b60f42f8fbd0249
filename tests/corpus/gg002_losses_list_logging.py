import torch
from torch import nn

model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1))
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
loss_fn = nn.MSELoss()
data = [(torch.randn(8, 10), torch.randn(8, 1)) for _ in range(100)]

losses = []
for step, (x, y) in enumerate(data):
    pred = model(x)
    loss = loss_fn(pred, y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    losses.append(loss)  # expect: GG002

print(sum(l.item() for l in losses) / len(losses))
