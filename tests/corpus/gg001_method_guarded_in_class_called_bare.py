import torch
import torch.nn as nn


class Painter(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 8)

    def forward(self, z):
        return self.body(z)


# A method its own class calls under no_grad is not grad-off for every
# caller: the instance made below calls it bare at module level. What `s`
# and `k` are comes from their constructors, whatever they are called.
class Sketcher:
    def __init__(self):
        self.painter = Painter()
        self.noise = torch.randn(4, 8)

    def fit(self, batches, opt):
        for b in batches:
            loss = self.painter(b).pow(2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            with torch.no_grad():
                self.preview()

    def preview(self):
        self.painter.eval()
        shown = self.painter(self.noise)  # expect: GG001
        self.painter.train()
        return shown


class Etcher(Sketcher):
    def preview(self):
        self.painter.eval()
        return [self.painter(z) for z in self.noise.split(2)]  # expect: GG001


class Quiet:
    def __init__(self):
        self.painter = Painter()

    def preview(self):
        self.painter.eval()
        return self.painter(torch.zeros(1, 8))


def pick(flag):
    if flag:
        k = Sketcher()
    else:
        k = Etcher()
    k.preview()
    # Quiet's preview is called only under no_grad: the same method name on
    # another class is no caller of it.
    q = Quiet()
    with torch.no_grad():
        q.preview()


s = Sketcher()
s.fit([torch.randn(4, 8)], None)
s.preview()
