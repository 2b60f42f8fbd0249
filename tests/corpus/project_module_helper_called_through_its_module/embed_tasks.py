# The trained autoencoder is restored and each task is embedded through the
# helper, called through its module: every embedding runs the encoder with
# autograd on.
import torch

import engine
from networks import SeriesAutoencoder


def embed_all(tasks, weights):
    network = SeriesAutoencoder()
    network.load_state_dict(torch.load(weights))
    vectors = {}
    for name, batches in tasks.items():
        vectors[name] = engine.embed_series(network, batches).tolist()  # expect: GG001
    return vectors


if __name__ == "__main__":
    print(embed_all(torch.load("tasks.pt"), "autoencoder.pt"))
