# A helper that runs the network it is handed through one of the network's
# own methods. Its docstring speaks of what it "yields": words in a
# docstring are no yield statement. Its own loop trains nothing and keeps
# each output only detached: reported here too.
import torch


def embed_series(network, batches):
    """Runs the encoder over every batch and yields one embedding per task."""
    codes = []
    for series in batches:
        codes.append(network.encode(series).detach())  # expect: GG001
    return torch.cat(codes).mean(0)
