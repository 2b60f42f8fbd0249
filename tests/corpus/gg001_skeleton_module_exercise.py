# An exercise's model still to be written: no layer yet, a forward that
# hands its input back under a TODO. It holds no parameters today, but it
# is no fixed function like a normalisation: the evaluation cell below is
# judged as for the network the student will write.
import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        # TODO: define the convolution and pooling layers

    def forward(self, x):
        # TODO: run x through the layers
        return x


model = Net()
model.load_state_dict(torch.load("model_cifar.pt"))
model.eval()
correct = 0
for data, target in test_loader:
    output = model(data)  # expect: GG001
    correct += (output.argmax(1) == target).sum().item()
