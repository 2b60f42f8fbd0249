# A module-level name first bound to what torch.load returned (when resuming)
# and then defined again with `def`: when a function runs, the name holds the
# function, so calling it from the evaluation saves a checkpoint and runs no
# model.
import torch
import torch.nn as nn

resume = False
net = nn.Linear(4, 2)
if resume:
    checkpoint = torch.load("ckpt.pt")
    net = checkpoint["net"]


def test(loader):
    net.eval()
    correct = 0
    for inputs, targets in loader:
        outputs = net(inputs)  # expect: GG001
        correct += (outputs.argmax(1) == targets).sum().item()
    checkpoint(correct)
    return correct


def checkpoint(acc):
    torch.save({"net": net.state_dict(), "acc": acc}, "ckpt.pt")
