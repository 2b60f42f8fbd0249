# A module class of the file spelled in lower case, as some research code
# names its networks. Calling the class builds one: that call is no forward,
# whatever loop over held-out items follows it. The forward of the built
# network after eval() over the test items is one.
import torch
from torch import nn


class ranking_network(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        return self.score(x).squeeze(-1)


def rank_test_items(test_items):
    scorer = ranking_network(dim=8)
    scorer.load_state_dict(torch.load("ranker.pt"))
    scorer.eval()
    ranked = []
    for i, item in enumerate(test_items):
        ranked.append((i, scorer(item).item()))  # expect: GG001
    return sorted(ranked, key=lambda p: p[1])


if __name__ == "__main__":
    rank_test_items([torch.randn(8) for _ in range(4)])
