# The forward and the evaluation in one file: a part the forward keeps an
# empty list carries nothing, one it fills under a flag carries its graph.
import torch
import torch.nn as nn
import torch.nn.functional as F


class UtteranceTagger(nn.Module):
    """Returns its log-probabilities and attention weights, the backward
    direction's kept as an empty list it never fills."""

    def __init__(self, dim, classes):
        super().__init__()
        self.rnn = nn.GRU(dim, dim)
        self.att = nn.Linear(dim, 1)
        self.out = nn.Linear(dim, classes)

    def forward(self, x, with_weights=False):
        hidden, _ = self.rnn(x)
        weights, weights_back, spans = [], [], []
        # Empty here, but the recurrent state when asked for: it may hold a graph.
        state = []
        if with_weights:
            hidden, state = self.rnn(x)
            weights = []
            for h in hidden:
                weights.append(F.softmax(self.att(h), dim=0))
        return F.log_softmax(self.out(hidden), -1), weights, weights_back, spans, state
def evaluate(model, test_loader):
    # The weights the forward fills carry its graph; the lists it leaves
    # empty carry nothing, whatever is added to them.
    model.eval()
    kept, kept_back, kept_spans, states, preds = [], [], [], [], []
    for x, y in test_loader:
        log_prob, weights, weights_back, spans, state = model(x, with_weights=True)  # expect: GG001
        preds.append(log_prob.argmax(-1).tolist())
        kept += weights  # expect: GG002
        kept_back += weights_back
        kept_spans += spans
        states += state  # expect: GG002
    return preds, kept, kept_back, kept_spans


if __name__ == "__main__":
    model = UtteranceTagger(16, 4)
    model.load_state_dict(torch.load("tagger.pt"))
    print(evaluate(model, torch.load("test.pt")))
