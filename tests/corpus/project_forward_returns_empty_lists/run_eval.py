import torch

from tagger import UtteranceTagger


def evaluate(model, test_loader):
    # The weights the forward fills carry its graph; the lists it leaves
    # empty carry nothing, whatever is added to them.
    model.eval()
    kept, kept_back, kept_spans, preds = [], [], [], []
    for x, y in test_loader:
        log_prob, weights, weights_back, spans = model(x, with_weights=True)  # expect: GG001
        preds.append(log_prob.argmax(-1).tolist())
        kept += weights  # expect: GG002
        kept_back += weights_back
        kept_spans += spans
    return preds, kept, kept_back, kept_spans


if __name__ == "__main__":
    model = UtteranceTagger(16, 4)
    model.load_state_dict(torch.load("tagger.pt"))
    print(evaluate(model, torch.load("test.pt")))
