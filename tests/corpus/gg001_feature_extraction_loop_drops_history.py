# Features of the training set taken out of a pretrained backbone before a
# small head is fit on them: the loop trains nothing, and every output is
# kept only without its history (`.cpu().data`, `.detach()`), so nothing can
# need the graph it builds, whatever the loader is called. A loop whose
# output is fed back into the next pass (a recurrent state), a loop that
# trains, and an output kept as it is (a GG002 of its own) stay unreported.
import torch
import torchvision
from torch import nn

backbone = torchvision.models.resnet18(weights="IMAGENET1K_V1")
trunk = nn.Sequential(*list(backbone.children())[:-1])

train_features, train_labels = [], []
for images, labels in train_loader:
    feats = trunk(images.cuda())  # expect: GG001
    feats = feats.view(feats.size(0), -1)
    train_features.extend(feats.cpu().data)
    train_labels.extend(labels)

kept = []
for images, labels in train_loader:
    kept.append(trunk(images.cuda()))  # expect: GG002

head = nn.Linear(512, 2)
opt = torch.optim.SGD(head.parameters(), lr=0.1)
for images, labels in train_loader:
    feats = trunk(images.cuda()).detach()
    loss = nn.functional.cross_entropy(head(feats.flatten(1)), labels)
    opt.zero_grad()
    loss.backward()
    opt.step()

rnn = nn.GRU(8, 8, batch_first=True)
state = None
for chunk in stream:
    out, state = rnn(chunk, state)
    print(out.detach().mean().item())
