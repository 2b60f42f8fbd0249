import torch


@torch.no_grad()
def decode(model, mel, beam=1):
    tokens = model.encoder(mel).argmax(-1)
    return [t.tolist() for t in tokens]
