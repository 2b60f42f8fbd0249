import torch
import torch.nn as nn

criterion = nn.NLLLoss()


def train(model, loader, optimizer, log_every=100):
    model.train()
    running_loss = 0.0
    for step, (inputs, targets) in enumerate(loader):
        optimizer.zero_grad()
        output = model(inputs)
        loss = criterion(output, targets)
        loss.backward()
        optimizer.step()
        running_loss += loss  # expect: GG002
        if step % log_every == log_every - 1:
            print(f"step {step + 1}: {running_loss / log_every}")
            running_loss = 0.0
