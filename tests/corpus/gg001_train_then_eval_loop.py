import torch
import torch.nn.functional as F


def train(model, optimizer, train_loader, val_loader, epochs):
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            loss = F.cross_entropy(model(x), y)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
        model.eval()
        val_loss = 0.0
        for x, y in val_loader:
            val_loss += F.cross_entropy(model(x), y).item()  # expect: GG001
        print(f"epoch {epoch}: val {val_loss / len(val_loader):.3f}")
