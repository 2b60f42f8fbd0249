# Forwards in an outer loop and in a loop nested in it: each finding's own
# wrap is safe, but --fix takes the outer one and leaves the inner to the
# next round, where it is already covered (two wraps taken together would
# indent the inner loop's lines twice over and its head once short).
import torch
from torch import nn


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(x)


def continue_text(path, prompts, steps):
    scorer = Scorer()
    scorer.load_state_dict(torch.load(path))
    scorer.eval()
    outputs = []
    for prompt in prompts:
        state = scorer(prompt)  # expect: GG001
        for _ in range(steps):
            state = scorer(state)  # expect: GG001
            outputs.append(state.argmax(-1).item())
    return outputs
