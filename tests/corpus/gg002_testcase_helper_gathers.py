# A test helper class built on a TestCase base (here imported from the
# project's own testing package) gathers a model's outputs on purpose to
# compare them: unit-test code, for GG002 as for GG001. The same loop in a
# plain evaluation function is still found.
import torch

from mypkg.testing.base import BaseTestCase


class ConsistencyCase(BaseTestCase):
    def check_batched_matches_single(self):
        self.model.eval()
        singles = []
        for item in self.items:
            out = self.model(**item)
            singles.append(out)
        merged = self.model(**self.batch)
        for i, one in enumerate(singles):
            assert torch.allclose(one["logits"][0], merged["logits"][i])


def evaluate_accuracy(model, val_loader):
    model.eval()
    outs = []
    for x in val_loader:
        logits = model(x)  # expect: GG001
        outs.append(logits)  # expect: GG002
    return torch.cat(outs).argmax(dim=1).tolist()
