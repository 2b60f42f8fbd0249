# A walk-through script (a notebook's cells, one after another): a trained
# pair is put in eval mode and scored, then the chapter builds new, small
# modules to show what each part computes on a toy sequence. Those were built
# here and nothing has trained them or loaded weights into them: another
# model's .eval() says nothing of them, and their forwards are
# demonstrations. A copy that loads the saved weights is a trained model
# again, and running it with grad on is the mistake.
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.rnn = nn.GRU(2, width, batch_first=True)

    def forward(self, x):
        return self.rnn(x)[0]


class Pair(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.encoder = Encoder(width)
        self.head = nn.Linear(width, 2)

    def forward(self, x):
        return self.head(self.encoder(x)[:, -1])


toy = torch.tensor([[[1.0, 1.0], [-1.0, 1.0]]])
pair = Pair(4)
pair.load_state_dict(torch.load("pair.pt"))
pair.eval()
print(pair(toy))  # expect: GG001

encoder = Encoder(4)
encoder.to("cpu")
hidden = encoder(toy)
print(hidden)

restored = Encoder(4)
restored.load_state_dict(torch.load("encoder.pt"))
print(restored(toy))  # expect: GG001

probe = Encoder(4)
probe.rnn.flatten_parameters()
probe_out = probe(toy)
