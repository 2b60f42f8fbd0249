# A lesson on train and eval modes: a dropout layer, which holds no
# parameter, shown on a random tensor after .eval(). Nothing records a
# graph: no forward to report. A linear layer loaded from a checkpoint and
# shown on the test inputs holds parameters.
import torch
from torch import nn

drop = nn.Dropout(0.5)
x = torch.rand(3, 7)
drop.train()
print(drop(x))
drop.eval()
print(drop(x))

head = nn.Linear(7, 2)
head.load_state_dict(torch.load("head.pt"))
head.eval()
x_test = torch.load("x_test.pt")
print(head(x_test).argmax(1))  # expect: GG001
