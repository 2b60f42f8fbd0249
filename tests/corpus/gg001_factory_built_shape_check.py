# A model file whose main block builds a network through a small factory of
# the file and runs it once on zeros to print the output size: a shape
# check of a fresh, untrained module, as when the class is called directly.
# A loader that fills a network with weights is no such factory: its model
# is trained, and running it over data is evaluation.
import torch
import torch.nn as nn


class Embedder(nn.Module):
    def __init__(self, feat_dim, embed_dim):
        super().__init__()
        self.proj = nn.Linear(feat_dim, embed_dim)

    def forward(self, x):
        return self.proj(x).mean(1)


def EMBEDDER_small(feat_dim, embed_dim=64):
    return Embedder(feat_dim=feat_dim,
                    embed_dim=embed_dim)


def load_embedder(path, feat_dim):
    net = Embedder(feat_dim, 64)
    net.load_state_dict(torch.load(path))
    return net


def embed_all(path, utterances):
    model = load_embedder(path, 40)
    model.eval()
    return [model(u).cpu() for u in utterances]  # expect: GG001


if __name__ == "__main__":
    x = torch.zeros(1, 200, 40)
    model = EMBEDDER_small(feat_dim=40)
    model.eval()
    out = model(x)
    print(out.shape)
    print(sum(p.numel() for p in model.parameters()))
