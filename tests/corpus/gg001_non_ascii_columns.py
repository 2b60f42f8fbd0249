import torch


def évaluer(modèle, données):
    modèle.eval()
    return [modèle(x) for x in données]  # expect: GG001
