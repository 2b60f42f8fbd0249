# A notebook evaluates one model under inference_mode, then builds a second
# and peeks at its first outputs before fitting it, further down. The first
# model's .eval() is no evidence about the second: where a training is
# written after the peek, the peek stays silent (the untrained model's first
# look). Only the model put in eval mode has its region split by what a
# later backward reads.
import torch
from torch import nn

x_train, y_train = torch.randn(800, 2), torch.randint(0, 4, (800,))
x_test = torch.randn(200, 2)
loss_fn = nn.CrossEntropyLoss()

first = nn.Sequential(nn.Linear(2, 8), nn.Linear(8, 4))
opt = torch.optim.SGD(first.parameters(), lr=0.1)
for epoch in range(100):
    first.train()
    loss = loss_fn(first(x_train), y_train)
    opt.zero_grad()
    loss.backward()
    opt.step()

first.eval()
with torch.inference_mode():
    test_logits = first(x_test)
print(test_logits.argmax(1)[:10])

second = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 4))
print(second(x_train)[:5])
opt = torch.optim.SGD(second.parameters(), lr=0.1)
for epoch in range(100):
    second.train()
    loss = loss_fn(second(x_train), y_train)
    opt.zero_grad()
    loss.backward()
    opt.step()
