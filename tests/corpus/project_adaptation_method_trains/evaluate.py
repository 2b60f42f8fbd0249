# Test episodes: each calls the method's adaptation (directly, or through a
# subclass's method that calls it), which in the
# fine-tuning method trains a head with a backward inside: that call is
# training, no evaluation to wrap in no_grad. The plain feature pass over
# the test set is evaluation.
import torch
from fewshot.always import AlwaysAdapt
from fewshot.methods import FineTuneMethod, PrototypeMethod


def feature_evaluation(model, episode, query_labels):
    scores = model.adapt_and_score(episode)
    return (scores.argmax(1) == query_labels).float().mean().item()


def always_accuracy(model, episode, query_labels):
    scores = model.score_episode(episode)
    return (scores.argmax(1) == query_labels).float().mean().item()


def features(model, test_loader):
    model.eval()
    return [model(x).cpu() for x, _ in test_loader]  # expect: GG001


if __name__ == "__main__":
    model = FineTuneMethod(torch.nn.Linear(8, 8), n_way=5, n_support=1)
    model.load_state_dict(torch.load("best.tar"))
    model.eval()
    accs = []
    for i in range(600):
        episode, query_labels = torch.load("episode_%d.pt" % i)
        accs.append(feature_evaluation(model, episode, query_labels))
    print(sum(accs) / len(accs))
    always = AlwaysAdapt(torch.nn.Linear(8, 8), n_way=5, n_support=1)
    always.load_state_dict(torch.load("best.tar"))
    always.eval()
    print([always_accuracy(always, e, q) for e, q in torch.load("episodes.pt")])
