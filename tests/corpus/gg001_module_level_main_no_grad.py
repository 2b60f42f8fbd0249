import torch

if __name__ == "__main__":
    model = torch.load("model.pt")
    model.eval()
    with torch.no_grad():
        print(model(torch.randn(1, 3, 224, 224)))
