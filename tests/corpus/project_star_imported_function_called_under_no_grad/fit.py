# Trains, and scores each epoch under no_grad through the star import.
import torch
from scoring import *


def fit(model, batches, units, targets, epochs):
    opt = torch.optim.Adam(model.parameters())
    for _ in range(epochs):
        model.train()
        for x, y in batches:
            opt.zero_grad()
            (model(x) - y).pow(2).mean().backward()
            opt.step()
        with torch.no_grad():
            print(score(units, targets, model))
    return score_alone(units, targets, model)
