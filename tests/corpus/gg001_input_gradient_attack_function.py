# An attack helper of the same file asks the gradient of a copy of the batch
# that it made require one: a call of it trains nothing. The forward on the
# perturbed batch afterwards is evaluation with autograd on. The forward
# inside the attack needs its graph and is not reported.
import torch
import torch.nn as nn


class SmallNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 4)

    def forward(self, x):
        return self.fc(x)


def perturb(net, x, y, eps):
    x_adv = x.detach().clone()
    x_adv.requires_grad_()
    loss = nn.functional.cross_entropy(net(x_adv), y)
    (g,) = torch.autograd.grad(loss, [x_adv])
    return (x_adv + eps * g.sign()).detach()


def robust_accuracy(net, loader, eps):
    net.eval()
    right = 0
    for x, y in loader:
        x_adv = perturb(net, x, y, eps)
        right += (net(x_adv).argmax(1) == y).sum().item()  # expect: GG001
    return right


def gradient_penalty(critic, real, fake):
    # create_graph: the gradient's own graph is trained through, so a call of
    # this helper is a backward of its caller.
    mix = (real + fake) / 2
    mix.requires_grad_(True)
    (g,) = torch.autograd.grad(critic(mix).sum(), mix, create_graph=True)
    return ((g.norm(dim=1) - 1) ** 2).mean()


def validate_critic(critic, loader, fake):
    critic.eval()
    total = 0.0
    for real in loader:
        total += gradient_penalty(critic, real, fake).item()
        total += critic(real).mean().item()
    return total


def main(path, loader, fake):
    net = SmallNet()
    net.load_state_dict(torch.load(path))
    print(robust_accuracy(net, loader, eps=0.03))
    critic = SmallNet()
    critic.load_state_dict(torch.load(path))
    print(validate_critic(critic, loader, fake))
