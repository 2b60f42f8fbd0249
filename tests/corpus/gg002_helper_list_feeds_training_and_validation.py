"""A helper nested in the trainer builds one sample's input sequence from
several embedding modules and returns the list. Training stacks it into the
sequence model's input and backpropagates through it; validation calls the
same helper. Training gathers the stacked sequences in a list and pads
them into the batch, so the helper's result reaches the loss through that
list. The list is the helper's result, not an accumulation across
iterations: detaching its items would cut the embedding modules' gradients
in training, so GG002 must stay quiet. The validation loop's forwards are
GG001's business."""
import torch
from torch import nn


class Fuse(nn.Module):
    def __init__(self, a, b):
        super().__init__()
        self.proj = nn.Linear(a + b, a + b)

    def forward(self, x, y):
        return self.proj(torch.cat((x, y), dim=-1))


def fit(visits, valid_visits, epochs=3):
    place_embed = nn.Embedding(100, 16)
    hour_embed = nn.Embedding(24, 8)
    fuse = Fuse(16, 8)
    seq_model = nn.GRU(24, 24, batch_first=True)
    head = nn.Linear(24, 100)
    params = [*place_embed.parameters(), *hour_embed.parameters(), *fuse.parameters(),
              *seq_model.parameters(), *head.parameters()]
    optimizer = torch.optim.Adam(params)

    def visits_to_inputs(visit):
        steps = []
        for place, hour in visit:
            p = place_embed(torch.tensor(place))  # expect: GG001; says: called from fit()
            h = hour_embed(torch.tensor(hour))
            joined = fuse(p, h)
            steps.append(joined)
        return steps

    for _ in range(epochs):
        for batch, targets in visits:
            seqs = []
            for visit in batch:
                seq = torch.stack(visits_to_inputs(visit))
                seqs.append(seq)
            x = nn.utils.rnn.pad_sequence(seqs, batch_first=True)
            out, _ = seq_model(x)
            loss = nn.functional.cross_entropy(head(out).flatten(0, 1), targets.flatten())
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()

        seq_model.eval()
        correct = 0
        for visit, target in valid_visits:
            x = torch.stack(visits_to_inputs(visit)).unsqueeze(0)
            out, _ = seq_model(x)  # expect: GG001
            correct += (head(out[0]).argmax(-1) == target).sum().item()  # expect: GG001
        seq_model.train()
    return correct
