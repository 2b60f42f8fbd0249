# A public embedding method puts its encoder in eval mode and returns the
# embedding, detaching it only when the caller does not ask for the tensor
# (`if not keep_graph:`): with keep_graph=True the graph goes back to the
# caller on purpose (a user differentiates through the embedding). Whether it
# is needed is the caller's to say: an evaluation that calls it with grad on
# is the mistake, and the wrap goes on that call. A detach under a test that
# is no caller's choice (`if embedding is not None:`) keeps nothing on purpose.
import torch
import torch.nn as nn


class Embedder(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder

    def embed_clips(self, clips, keep_graph=False):
        self.encoder.eval()
        embedding = self.encoder(clips)  # expect: GG001; says: called from evaluate()
        if not keep_graph:
            embedding = embedding.detach().cpu().numpy()
        return embedding

    def embed_once(self, clips):
        self.encoder.eval()
        embedding = self.encoder(clips)  # expect: GG001
        if embedding is not None:
            embedding = embedding.detach().cpu()
        return embedding


def evaluate(path, test_clips, reference):
    model = Embedder(torch.load(path))
    return [float((model.embed_clips(clips) @ reference).max()) for clips in test_clips]
