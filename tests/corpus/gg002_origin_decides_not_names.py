import torch
from torch import nn
import torch.nn.functional as F


# What a callable returns is what its origin makes it, not what it is called:
# a scorer a factory hands back runs under no_grad and returns a numpy number.
def build_scorer(net):
    @torch.no_grad()
    def score(batch):
        return net(batch).softmax(1).cpu().numpy().max()

    return score, None


def search(net, candidates):
    loss, _ = build_scorer(net)
    trail = []
    for cand in candidates:
        trail.append(loss(cand))
    return trail


# A plain class (no nn.Module base) whose forward hands back a dict of floats
# beside its loss: the dict carries no graph, whatever the names say.
as_number = lambda t: t.detach().item()


class Stepper:
    def __init__(self):
        self.w = torch.zeros(4, requires_grad=True)

    def forward(self, x):
        loss = (self.w * x).sum()
        return loss, {"loss": as_number(loss)}


def fit(model, xs):
    logs = []
    for x in xs:
        loss, log = model.forward(x)
        loss.backward()
        logs.append(log)


fit(Stepper(), [torch.ones(4)])


# A call of unknown origin: what it hands back is not known to carry a graph.
def replay(model, steps):
    logs = []
    for s in range(steps):
        loss, log = model(s)
        loss.backward()
        logs.append(log)


def gather(model, xs):
    seen = []
    for x in xs:
        out, extra = model(x)
        seen.append(extra)
    return len(seen)


# A module by its origin (a class deriving nn.Module): its output and a torch
# loss of it carry history. Only the torch loss is known to be a tensor, so
# only there is a .detach() offered; the output may be a tuple.
class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x)


def probe(batches):
    head = Head()
    outs = []
    total = 0
    for x, y in batches:
        out = head(x)
        outs.append(out)  # expect: GG002; fix: none
        total += F.cross_entropy(out, y)  # expect: GG002; fix: safe
    print(len(outs), total.item())


# A module's forward that hands back a dict of numbers beside its loss: the
# dict is logging data; the loss, which .backward() ran on, keeps its graph.
class Scored(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    def forward(self, x):
        loss = self.fc(x).sum()
        return loss, {"loss": loss.item(), "rows": x.size(0)}


def fit_scored(xs):
    scored = Scored()
    notes = []
    kept = []
    for x in xs:
        loss, note = scored(x)
        loss.backward()
        notes.append(note)
        kept.append(loss)  # expect: GG002; fix: safe
    return len(notes) + len(kept)
