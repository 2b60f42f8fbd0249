# A notebook's training step keeps its running totals in global names. The
# step is called once a batch from the epoch's loop, so the global total
# keeps every batch's graph, as a total inside the loop would.
import torch
import torch.nn as nn

net = nn.Linear(4, 2)
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
running_loss = 0
running_count = 0


def train_step(inputs, labels):
    global running_loss
    global running_count
    optimizer.zero_grad()
    loss = criterion(net(inputs), labels)
    loss.backward()
    optimizer.step()
    running_loss += loss  # expect: GG002
    running_count += 1


def log_step(inputs, labels):
    # called once, not from a loop: no iteration to keep
    global running_loss
    loss = criterion(net(inputs), labels)
    loss.backward()
    running_loss += loss


def train_epoch(loader):
    for x, y in loader:
        train_step(x, y)
    print(float(running_loss) / running_count)
