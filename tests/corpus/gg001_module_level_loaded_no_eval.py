import torch

model = torch.jit.load("model_scripted.pt")
example = torch.rand(1, 3, 224, 224)
print(model(example).argmax())  # expect: GG001
