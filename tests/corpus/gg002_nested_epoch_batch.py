import torch
import torch.nn as nn


def main():
    model = nn.Linear(4, 2)
    criterion = nn.CrossEntropyLoss()
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    epoch_loss = 0
    for epoch in range(10):
        for xb, yb in [(torch.randn(2, 4), torch.tensor([0, 1]))]:
            opt.zero_grad()
            loss = criterion(model(xb), yb)
            loss.backward()
            opt.step()
            epoch_loss -= -loss  # expect: GG002
    print(epoch_loss)


if __name__ == "__main__":
    main()
