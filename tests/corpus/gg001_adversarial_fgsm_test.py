import torch
import torch.nn.functional as F


def test_robustness(model, test_loader, epsilon):
    model.eval()
    correct = 0
    for data, target in test_loader:
        data.requires_grad = True
        output = model(data)
        loss = F.nll_loss(output, target)
        model.zero_grad()
        loss.backward()
        perturbed = data + epsilon * data.grad.sign()
        correct += (model(perturbed).argmax(1) == target).sum().item()
    return correct / len(test_loader.dataset)
