# The evaluation is handed its model. The project has a module whose forward
# takes a gradient, but every call of check() hands it the classifier, built
# here: the model's origin, not the project's other classes, decides that the
# wrap is safe.
import torch
import torch.nn.functional as F

import nets


def check(model, loader):
    model.eval()
    right = 0
    for images, labels in loader:
        _, logits = model(images)  # expect: GG001; fix: safe
        right += (logits.argmax(1) == labels).sum().item()
    return right


def fit(model, critic, loader, opt):
    model.train()
    for images, labels in loader:
        feats, logits = model(images)
        loss = F.cross_entropy(logits, labels) + critic(feats).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()


def main(train_loader, test_loader):
    model = nets.Digits()
    critic = nets.Discriminator()
    opt = torch.optim.SGD(list(model.parameters()) + list(critic.parameters()), lr=0.01)
    for epoch in range(3):
        fit(model, critic, train_loader, opt)
        print(check(model, test_loader))
