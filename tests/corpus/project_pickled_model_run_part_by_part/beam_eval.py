# A whole pickled model out of a checkpoint, put in eval mode at the top of
# the script, and a beam search over the test split that runs it part by
# part (its embedding, its recurrent step, its projection), each a
# submodule the project's class builds: forwards with autograd on. A
# vocabulary object's method of the same name is no module's.
import torch
from captioner import *

ckpt = torch.load("best.pth.tar", map_location="cpu")
model = ckpt["captioner"]
model = model.to("cuda")
model.eval()
vocab = ckpt["vocab"]


def evaluate(test_loader, width):
    found = []
    for feats, refs in test_loader:
        words = torch.full((width,), 1, dtype=torch.long)
        h = model.start(width)
        state = (h, h)
        for _ in range(20):
            emb = model.embed(words)  # expect: GG001
            state = model.step(emb, state)  # expect: GG001
            scores = model.proj(state[0]).log_softmax(-1)  # expect: GG001
            words = scores.argmax(-1)
        found.append(vocab.embed(words.tolist()))
    return found


if __name__ == "__main__":
    evaluate(torch.utils.data.DataLoader(range(8)), 3)
