# A test() beside the model classes builds small new modules of them and runs
# them over constant tokens, printing sizes: a demonstration of the shapes,
# not evaluation, whatever the function is called (nothing trained them, and
# no weights were loaded). The same name on a model loaded from a checkpoint
# is evaluation again.
import torch
import torch.nn as nn


class Encoder(nn.Module):
    def __init__(self, vocab, width):
        super().__init__()
        self.embed = nn.Embedding(vocab, width)
        self.rnn = nn.GRU(width, width)

    def forward(self, tokens, hidden):
        return self.rnn(self.embed(tokens).unsqueeze(1), hidden)


def test():
    encoder = Encoder(10, 8)
    hidden = torch.zeros(1, 1, 8)
    tokens = torch.LongTensor([1, 2, 3])
    for step in range(3):
        out, hidden = encoder(tokens[step : step + 1], hidden)
        print(out.size(), hidden.size())


def test_checkpoint(path, sequences):
    encoder = Encoder(10, 8)
    encoder.load_state_dict(torch.load(path))
    hidden = torch.zeros(1, 1, 8)
    for tokens in sequences:
        out, hidden = encoder(tokens, hidden)  # expect: GG001
        print(out.argmax(-1))
