import torch

model = torch.nn.Linear(2, 2)
model.eval()
outputs = []
for x in xs:
    y = model(x)  # noqa: E501
    outputs.append(model(x))
    z = model(x)  # noqa: GG001
