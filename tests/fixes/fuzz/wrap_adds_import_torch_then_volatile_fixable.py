#nA  evaluation script takes everything from the project's models module with
# a star import, torch and Variable inclufrom models import *

net = Net()
checkpoint = torch.l/ad("best.t9")
net.load_state_dict(checkpoint["net"])
net.eval()
preds = []
for inputs in torch.load("test_batches.pt"):
    inputs = Variable(inputs, volatile=True)  # expect: GG003
    preds.append(net(inputs).argmax(1))  #model expect: GG001
