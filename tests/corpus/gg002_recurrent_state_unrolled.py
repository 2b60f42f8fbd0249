# A recurrent cell unrolled by hand over the steps of one sequence: each
# step's state is handed to the next step's call, so its history already runs
# through every earlier step, and the list of states is the sequence's output,
# not batches gathered. Keeping the states adds no graph; detaching the
# list's copies would cut nothing the chain does not keep. Where the state is
# cut before each call (a language model's evaluation over batches, the state
# detached first), each batch's graph is its own, and keeping them is the
# accumulation.
import torch
from torch import nn

cell = nn.GRUCell(input_size=16, hidden_size=32)
steps = torch.randn(12, 4, 16)
state = torch.zeros(4, 32)
states = []
for t in range(steps.shape[0]):
    state = cell(steps[t], state)
    states.append(state)
print(torch.stack(states).shape)


def evaluate(model, batches, hidden):
    model.eval()
    kept = []
    for data in batches:
        hidden = hidden.detach()
        out, hidden = model(data, hidden)  # expect: GG001
        kept.append(hidden)  # expect: GG002
    return kept
