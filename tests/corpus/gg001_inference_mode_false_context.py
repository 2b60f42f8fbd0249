import torch


def inference(model, inputs):
    model.eval()
    with torch.inference_mode(mode=False):
        return model(inputs)  # expect: GG001
