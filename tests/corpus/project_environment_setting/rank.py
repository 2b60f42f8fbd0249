import torch

import rankers
from metrics import Meter
from rankers import Embedder, FrozenScope, Reranker


def rerank(batches):
    reranker = Reranker()
    reranker.eval()
    # Reranker.forward is decorated with inference_mode in the library, which
    # re-exports it from a module with `import *`.
    return [reranker(pairs) for pairs in batches]


def embed(batches):
    embedder = Embedder()
    embedder.eval()
    return [embedder(texts) for texts in batches]  # expect: GG001


def embed_frozen(batches):
    embedder = Embedder()
    embedder.eval()
    with FrozenScope():
        return [embedder(texts) for texts in batches]


def embed_scoped(batches):
    embedder = rankers.Embedder()
    embedder.eval()
    with rankers.FrozenScope():
        return [embedder(texts) for texts in batches]


def measure(batches):
    meter = Meter()
    meter.eval()
    # metrics is the project's own package here, not the installed one.
    return [meter(outputs) for outputs in batches]  # expect: GG001
