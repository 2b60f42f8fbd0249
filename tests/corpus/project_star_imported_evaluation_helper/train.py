"""`from evaluation.scoring import *` brings validate_model and test_model:
the file never binds those names, it only calls them. Their names say
"model", but their origin is the star module's functions, not a model, so
calling them on held-out data is no forward. A model the file builds itself
is still one: the EMA copy's forward on the held-out batch is reported."""
import copy

import torch
from torch import nn
from evaluation.scoring import *

net = nn.Linear(4, 2)
ema_model = copy.deepcopy(net)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
train_loader = [(torch.randn(8, 4), torch.randint(0, 2, (8,)))]
valid_loader = list(train_loader)
test_splits = {"held_out": valid_loader}

for epoch in range(3):
    for x, y in train_loader:
        loss = nn.functional.cross_entropy(net(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    accuracy = validate_model(net, valid_loader)
    print(epoch, accuracy)

for name, result in test_model(net, test_splits).items():
    print(name, result)

ema_model.eval()
valid_x, valid_y = valid_loader[0]
ema_hits = (ema_model(valid_x).argmax(-1) == valid_y).sum().item()  # expect: GG001
