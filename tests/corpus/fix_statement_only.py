import torch

model = torch.load("model.pt")
model.eval()
x = torch.randn(1, 3)
print(model(x))  # expect: GG001
