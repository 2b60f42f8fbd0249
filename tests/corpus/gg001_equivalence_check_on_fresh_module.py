# A fresh toy module put in eval mode only to switch its dropout off, run on
# random input, then run again on a slice of that input with what its first
# run returned (a cache), to compare the two paths: a unit check of the code,
# not evaluation, nor its steps over a range. What a fresh module computes
# from random input is random; so is a few token ids written out.
import torch
from torch import nn


class CachedAttention(nn.Module):
    def __init__(self, dim, heads):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.heads = heads
        self.drop = nn.Dropout(0.1)

    def forward(self, x, cache=None):
        q, k, v = self.qkv(x).chunk(3, -1)
        if cache is not None:
            k = torch.cat([cache[0], k], 1)
            v = torch.cat([cache[1], v], 1)
        w = self.drop((q @ k.transpose(1, 2)).softmax(-1))
        return w @ v, (k, v)


class TinyLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.out = nn.Linear(dim, vocab)

    def forward(self, tokens, slots=None, first=False):
        h = self.emb(tokens)
        return self.out(h), [h if s is None else torch.cat([s, h], 1) for s in (slots or [None])]


attn = CachedAttention(12, 3)
attn.eval()
x = torch.randn(2, 8, 12)
full, cache = attn(x)
step, _ = attn(x[:, -1:], cache=[c[:, :-1] for c in cache])
print(torch.allclose(full[:, -1], step[:, 0], atol=1e-5))

hidden = attn(x)[0]
again, _ = attn(hidden)
print(again.shape)

for k in range(1, 4):
    step, _ = attn(x[:, -k:], cache=[c[:, :-k] for c in cache])
    print(k, torch.allclose(full[:, -k], step[:, 0], atol=1e-5))

lm = TinyLM(3, 8)
lm.eval()
tokens = torch.tensor([[0, 0, 2, 1, 0]], dtype=torch.long)
slots = [None] * 2
logits, slots = lm(tokens[:, :2], slots=slots, first=True)
more, _ = lm(tokens[:, 2:3], slots=slots)
print(torch.isclose(logits[:, -1], more[:, 0]))
