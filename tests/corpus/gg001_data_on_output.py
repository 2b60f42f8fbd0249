import torch


def evaluate(encoder, batches):
    encoder.eval()
    embeddings = []
    for tokens in batches:
        embeddings.append(encoder(tokens).data)  # expect: GG001
    return torch.stack(embeddings)
