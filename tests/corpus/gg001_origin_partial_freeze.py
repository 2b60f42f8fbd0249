import torch
import torchvision


# Only a freeze of every parameter freezes a module. A loop that freezes all
# but the head (under an `if`, or after an `if` that skips the head) leaves
# the head recording a graph: its forwards over test data are evaluation with
# grad on, as any other.
def linear_probe_scores(test_loader, weights):
    probe = torchvision.models.resnet18()
    probe.load_state_dict(torch.load(weights))
    for name, param in probe.named_parameters():
        if name not in ["fc.weight", "fc.bias"]:
            param.requires_grad = False
    backbone = torchvision.models.resnet18()
    for param in backbone.parameters():
        param.requires_grad = False
    tuned = torchvision.models.resnet18()
    for name, param in tuned.named_parameters():
        if name.startswith("fc"):
            continue
        param.requires_grad = False
    probe.eval()
    backbone.eval()
    tuned.eval()
    for x, _ in test_loader:
        a = probe(x).argmax(1)  # expect: GG001
        b = backbone(x).argmax(1)
        c = tuned(x).argmax(1)  # expect: GG001
        print(a, b, c)
