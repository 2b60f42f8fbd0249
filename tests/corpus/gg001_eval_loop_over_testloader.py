# The tutorial's names: the test data's loader is one word, testloader.
# After the training loop, the loop over it is evaluation as test_loader's is.
import torch
import torch.nn as nn
import torchvision
import torchvision.transforms as transforms

testset = torchvision.datasets.CIFAR10(root="./data", train=False, download=True, transform=transforms.ToTensor())
testloader = torch.utils.data.DataLoader(testset, batch_size=4, shuffle=False)

trainset = torchvision.datasets.CIFAR10(root="./data", train=True, download=True, transform=transforms.ToTensor())
trainloader = torch.utils.data.DataLoader(trainset, batch_size=4, shuffle=True)

net = nn.Sequential(nn.Flatten(), nn.Linear(3 * 32 * 32, 10))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(net.parameters(), lr=0.001, momentum=0.9)
for epoch in range(2):
    for inputs, labels in trainloader:
        optimizer.zero_grad()
        loss = criterion(net(inputs), labels)
        loss.backward()
        optimizer.step()

correct = 0
total = 0
for images, labels in testloader:
    outputs = net(images)  # expect: GG001
    _, predicted = torch.max(outputs.data, 1)
    total += labels.size(0)
    correct += (predicted == labels).sum().item()
print(correct / total)
