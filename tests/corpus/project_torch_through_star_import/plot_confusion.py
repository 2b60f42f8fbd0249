# An evaluation script takes everything from the project's models module with
# a star import, torch and Variable included: it never imports torch itself,
# yet `torch.` is used, so the star import brought it (Python finds it
# nowhere else). The file is a torch file: its loop over the test batches
# after net.eval() runs with autograd on, and volatile=True does nothing.
from models import *

net = Net()
checkpoint = torch.load("best.t7")
net.load_state_dict(checkpoint["net"])
net.eval()
preds = []
for inputs in torch.load("test_batches.pt"):
    inputs = Variable(inputs, volatile=True)  # expect: GG003
    preds.append(net(inputs).argmax(1))  # expect: GG001
