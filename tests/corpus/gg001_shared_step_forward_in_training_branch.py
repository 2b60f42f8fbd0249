# A shared step that picks its forward by the flag: under `if not checking:`
# (or `if fitting:`) the forward is the training half's, its else runs under
# no_grad. The evaluation call (checking=True, fitting=False) runs only the
# guarded forward, so nothing is reported there.
import torch
from torch import nn


class Field(nn.Module):
    def __init__(self):
        super().__init__()
        self.mlp = nn.Linear(5, 5)

    def forward(self, x):
        return self.mlp(x)


def sweep(loader, field, opt, checking):
    field.eval() if checking else field.train()
    for x in loader:
        if not checking:
            opt.zero_grad()
            out = field(x)
        else:
            with torch.no_grad():
                out = field(x)
        score = out.pow(2).mean()
        if not checking:
            score.backward()
            opt.step()


def sweep_positive(loader, field, opt, fitting=True):
    for x in loader:
        if fitting:
            out = field(x)
        else:
            with torch.no_grad():
                out = field(x)
        if fitting:
            out.sum().backward()
            opt.step()


def run(train_loader, val_loader):
    field = Field()
    opt = torch.optim.SGD(field.parameters(), lr=0.1)
    sweep(train_loader, field, opt, checking=False)
    sweep(val_loader, field, opt, checking=True)
    sweep_positive(train_loader, field, opt)
    sweep_positive(val_loader, field, opt, fitting=False)
