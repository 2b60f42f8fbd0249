import captum.attr
import shap
import torch
from torch import nn

net = nn.Sequential(nn.Linear(12, 8), nn.ReLU(), nn.Linear(8, 3))
net.load_state_dict(torch.load("clf.pt"))
net.eval()
background = torch.load("background.pt")
explainer = shap.GradientExplainer(net, background)
saliency = captum.attr.IntegratedGradients(net)


# Each pass also runs an explainer that differentiates the network's output
# (torch.autograd.grad inside its attribution method): the loop needs grad
# on, and a no_grad around it would break the explainer. The explainer takes
# an input's gradient and trains nothing, so the scoring forward beside it is
# still evaluation with grad on: reported, and the fix wraps that statement
# alone.
def attribute(records):
    scores, values = [], []
    for x in records:
        scores.append(net(x).softmax(-1).detach())  # expect: GG001
        values.append(explainer.shap_values(x))
    return scores, values


def integrate(records):
    out = []
    for x in records:
        pred = net(x).argmax(-1)  # expect: GG001
        out.append(saliency.attribute(x, target=pred))
    return out


# A plain scoring pass over the held-out records needs no gradient.
def score(test_records):
    return [net(x).argmax(-1) for x in test_records]  # expect: GG001


if __name__ == "__main__":
    recs = torch.load("records.pt")
    print(attribute(recs), integrate(recs), score(recs))
