# Growing a tensor by concatenating each iteration's forward output onto it
# keeps every iteration's graph, as adding does; the conditional first step
# (None, then cat) is the same accumulation. A detached output keeps none.
import torch


def sample_sheet(generator, rounds):
    generator.eval()
    sheet = None
    for _ in range(rounds):
        noise = torch.randn(8, 16)
        images = generator(noise)  # expect: GG001
        sheet = images if sheet is None else torch.cat((sheet, images), 0)  # expect: GG002
    return sheet


def gather_scores(model, test_loader):
    model.eval()
    scores = torch.empty(0)
    for batch in test_loader:
        logits = model(batch)  # expect: GG001
        scores = torch.cat([scores, logits])  # expect: GG002
    return scores


def gather_detached(model, test_loader):
    model.eval()
    scores = torch.empty(0)
    for batch in test_loader:
        logits = model(batch).detach()  # expect: GG001
        scores = torch.cat([scores, logits])
    return scores
