# Every parameter is frozen, then the last block and the head are set to
# require grad again: the model trains there, so its forward records a
# graph, and the evaluation loop after eval() runs with autograd on for
# nothing. A model frozen whole and left so records none.
import torch
import torchvision

net = torchvision.models.resnet18(weights="IMAGENET1K_V1")
for p in net.parameters():
    p.requires_grad_(False)
for p in net.layer4[1].parameters():
    p.requires_grad_(True)
net.fc.requires_grad_(True)

opt = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=0.01)
for x, y in torch.utils.data.DataLoader(train_set, batch_size=32):
    opt.zero_grad()
    torch.nn.functional.cross_entropy(net(x), y).backward()
    opt.step()

net.eval()
hits = 0
for x, y in torch.utils.data.DataLoader(test_set, batch_size=32):
    hits += (net(x).argmax(1) == y).sum().item()  # expect: GG001

probe = torchvision.models.resnet18(weights="IMAGENET1K_V1")
for p in probe.parameters():
    p.requires_grad = False
probe.eval()
for x, y in torch.utils.data.DataLoader(test_set, batch_size=32):
    print(probe(x).argmax(1))
