# A comma left out between two entries of a dict: the report says so, on
# the first of the two, not at the file's first token.
import torch


def settings():
    return {
        "lr": 1e-3  # expect: GG000; says: forgot a comma
        "epochs": 10,
    }
