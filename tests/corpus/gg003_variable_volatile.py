import torch
from torch.autograd import Variable


def evaluate(model, loader):
    model.eval()
    correct = 0
    for images, labels in loader:
        images = Variable(images, volatile=True)  # expect: GG003; fix: unsafe
        labels = Variable(labels)
        outputs = model(images)  # expect: GG001
        correct += (outputs.data.max(1)[1] == labels.data).sum()
    return correct
