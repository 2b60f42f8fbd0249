import torch
import torch.nn.functional as F


def fit(net, train_loader, opt, epochs):
    for epoch in range(epochs):
        loss_sum = 0
        for x, y in train_loader:
            logits = net(x)
            loss = F.cross_entropy(logits, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
            loss_sum = loss_sum + loss  # expect: GG002
        print(f"epoch {epoch}: {float(loss_sum) / len(train_loader):.4f}")
