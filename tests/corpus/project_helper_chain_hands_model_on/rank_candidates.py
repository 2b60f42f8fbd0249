# Ranks candidate sequences with a trained model: the forward runs two
# helpers down, in other files, over every candidate, with grad on.
import torch
from costs.sequences import sequence_cost, pair_cost

model = torch.load("lm.pt")
model.eval()
ranked = []
for tokens in torch.load("candidates.pt"):
    ranked.append((sequence_cost(model, tokens), tokens))  # expect: GG001
for first, second in torch.load("pairs.pt"):
    print(pair_cost(model, first, second))  # expect: GG001
with torch.no_grad():
    for tokens in torch.load("more.pt"):
        print(sequence_cost(model, tokens))
