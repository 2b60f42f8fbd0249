import torch


def évaluer(modèle, données):
    modèle.eval()
    for lot in données:
        sortie = modèle(lot)  # expect: GG001
        print("résultat 🚀", sortie)
