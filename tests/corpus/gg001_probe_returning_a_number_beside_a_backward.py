# A search over transformations probes the model through a helper that puts
# it in eval mode and returns the loss as a plain number (`.item()`). Those
# numbers pick the next transformation, whose image then goes through an
# input-gradient step with a backward. A number carries no graph: the
# helper's forward is evaluation with grad on, whatever backward its
# caller's later code runs on other tensors.
import torch
import torch.nn.functional as F
from torchvision import models


def probe_loss(classifier, image, label):
    classifier.eval()
    logits = classifier(image.unsqueeze(0))  # expect: GG001
    return F.cross_entropy(logits, torch.tensor([label])).item()


def search(classifier, images, labels, angles):
    found = []
    for image, label in zip(images, labels):
        left = probe_loss(classifier, torch.rot90(image, 1, (1, 2)), label)
        right = probe_loss(classifier, torch.rot90(image, 3, (1, 2)), label)
        turn = 1 if left > right else 3
        worst = torch.rot90(image, turn, (1, 2)).unsqueeze(0).requires_grad_()
        F.cross_entropy(classifier(worst), torch.tensor([label])).backward()
        found.append((worst + 0.01 * worst.grad.sign()).detach())
    return found


if __name__ == "__main__":
    net = models.resnet18()
    net.load_state_dict(torch.load("weights.pt"))
    print(len(search(net, torch.load("images.pt"), torch.load("labels.pt"), [90, 270])))
