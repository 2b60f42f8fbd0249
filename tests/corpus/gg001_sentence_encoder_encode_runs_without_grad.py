# A sentence encoder from sentence-transformers encodes with grad off in
# its own encode(): not reported, and not a call of this file's encode()
# either. The file's own module, run through its encode() over the test
# set, is reported where it is called.
import torch
from torch import nn
from sentence_transformers import SentenceTransformer


class BagEncoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim)

    def encode(self, ids):
        return self.emb(ids)


def score_bag(checkpoint, test_loader):
    model = torch.load(checkpoint)
    model.eval()
    return [model.encode(ids).norm().item() for ids in test_loader]  # expect: GG001


def score_sentences(test_loader):
    model = SentenceTransformer("all-minilm-l6")
    sims = []
    for left, right in test_loader:
        a = model.encode(left, convert_to_tensor=True)
        b = model.encode(right, convert_to_tensor=True)
        sims.append(torch.cosine_similarity(a, b).mean().item())
    return sims
