# Two runners of the project's own (plain classes). The ensemble's evaluate
# overrides the base's; the project's training script calls it with grad on
# as its API, so its forwards are reported. Another class's evaluate() called
# with no argument under no_grad (a metrics object's) is no call of this
# method, which needs arguments.
import torch


class Runner:
    @staticmethod
    def evaluate(loader, model):
        model.eval()
        hits = 0
        for batch, target in loader:
            hits += (model(batch).argmax(1) == target).sum().item()  # expect: GG001
        return hits


class EnsembleRunner(Runner):
    @staticmethod
    def evaluate(loader, models):
        hits = 0
        for batch, target in loader:
            votes = []
            for model in models:
                votes.append(model(batch).softmax(1))  # expect: GG001
            hits += (torch.stack(votes).mean(0).argmax(1) == target).sum().item()
        return hits
