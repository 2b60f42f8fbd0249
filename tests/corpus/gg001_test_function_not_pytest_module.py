import torch


def test(model, device, test_loader):
    model.eval()
    test_loss = 0
    for data, target in test_loader:
        data, target = data.to(device), target.to(device)
        output = model(data)  # expect: GG001
        test_loss += torch.nn.functional.nll_loss(output, target, reduction="sum").item()
    return test_loss / len(test_loader.dataset)
