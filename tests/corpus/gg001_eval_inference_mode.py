import torch


def predict(model, batch):
    model.eval()
    with torch.inference_mode():
        return model(batch)
