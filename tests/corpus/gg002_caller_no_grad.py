import torch


def run_inference(model, loader):
    results = []
    for x in loader:
        out = model(x)
        results.append(out)
    return [r.sum().item() for r in results]


def main(model, loader):
    model.eval()
    with torch.no_grad():
        print(run_inference(model, loader))
