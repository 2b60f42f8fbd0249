# The test loop runs only the embedding part of a triplet model that it put
# in eval mode: `tnet.embeddingnet(images)`, a part named by one lower-case
# word ending in "net", as `tnet.encoder` would be. `.data` on the output
# comes after the graph is built.
import torch
from torch.autograd import Variable


def test(test_loader, tnet):
    tnet.eval()
    embeddings = []
    for batch_idx, images in enumerate(test_loader):
        images = Variable(images)
        embeddings.append(tnet.embeddingnet(images).data)  # expect: GG001; fix: safe
    return torch.cat(embeddings)
