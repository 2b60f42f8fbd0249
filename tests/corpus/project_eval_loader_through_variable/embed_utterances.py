# A loader of another file puts the model in eval mode into a variable and
# returns that variable: what it hands back is an evaluation model, run here
# over the utterances with grad on.
import torch

from embedders import load_embedder


def embed_all(path, utterances):
    embedder = load_embedder(path)
    return [embedder(torch.as_tensor(u)).detach().numpy() for u in utterances]  # expect: GG001
