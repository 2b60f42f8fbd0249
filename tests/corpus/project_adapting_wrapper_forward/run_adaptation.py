import torch
from torch import nn

import adapt.entropy as tta

# The adapter's forward trains (a backward and a step under enable_grad) on
# every test batch: calling it is adaptation, not evaluation to wrap, and a
# no_grad around it would be undone by its enable_grad anyway. The plain
# network's pass over the same loader afterwards is evaluation.
if __name__ == "__main__":
    net = nn.Sequential(nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.Flatten(), nn.LazyLinear(10))
    net.load_state_dict(torch.load("source.pt"))
    net = tta.configure(net)
    opt = torch.optim.SGD([p for p in net.parameters() if p.requires_grad], lr=1e-3)
    adapter = tta.EntropyAdapter(net, opt)
    val_loader = torch.load("shifted_val.pt")

    correct = 0
    for i, batch in enumerate(val_loader):
        images, labels = batch[0], batch[1]
        logits = adapter(images)
        correct += (logits.argmax(1) == labels).sum().item()

    net.eval()
    after = 0
    for images, labels in val_loader:
        after += (net(images).argmax(1) == labels).sum().item()  # expect: GG001
    print(correct, after)
