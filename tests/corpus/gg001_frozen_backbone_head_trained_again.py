# Transfer learning: the pretrained network's parameters are all frozen, then
# its head is made to train again, by a loop that sets the head's parameters
# to require grad, or by a new layer with parameters put in the head's place.
# The network handed to the fit function records a graph again (the head's),
# so its validation pass after eval() is reported. A head replaced by a layer
# without parameters (Identity) trains nothing: no report.
import torch
import torch.nn as nn
import torchvision


def fit(model, train_loader, valid_loader, opt, crit, epochs=1):
    for _ in range(epochs):
        model.train()
        for x, y in train_loader:
            opt.zero_grad()
            loss = crit(model(x), y)
            loss.backward()
            opt.step()
        model.eval()
        seen = 0
        for x, y in valid_loader:
            seen += (model(x).argmax(1) == y).sum().item()  # expect: GG001
        print(seen)


def features(model, loader):
    model.eval()
    return [model(x) for x, _ in loader]


def main(train_loader, valid_loader):
    crit = nn.CrossEntropyLoss()

    vgg = torchvision.models.vgg16(weights="DEFAULT")
    for p in vgg.parameters():
        p.requires_grad = False
    for p in vgg.classifier.parameters():
        p.requires_grad = True
    fit(vgg, train_loader, valid_loader, torch.optim.SGD(vgg.classifier.parameters(), lr=0.01), crit)

    inc = torchvision.models.resnet50(weights="DEFAULT")
    for p in inc.parameters():
        p.requires_grad = False
    inc.fc = nn.Linear(inc.fc.in_features, 10)
    fit(inc, train_loader, valid_loader, torch.optim.SGD(inc.fc.parameters(), lr=0.01), crit)

    body = torchvision.models.resnet18(weights="DEFAULT")
    for p in body.parameters():
        p.requires_grad = False
    body.fc = nn.Identity()
    return features(body, valid_loader)
