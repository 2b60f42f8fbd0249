import torch

model = torch.nn.Linear(2, 2)
model.eval()
outputs = []
for x in xs:
    y = model(x)
    outputs.append(y)
