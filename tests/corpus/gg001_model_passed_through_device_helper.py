# A model moved by the file's own helper (`net = gpu(Tagger())`, the helper
# handing its argument back, moved or not) is still that model: its test
# loop over a range of test samples is evaluation.
import torch
import torch.nn as nn

use_gpu = torch.cuda.is_available()


def gpu(value, on=use_gpu):
    if on:
        return value.cuda()
    else:
        return value


def maybe_half(value, half=False):
    return value.half() if half else value


class Tagger(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(10, 2)

    def forward(self, x):
        return self.fc(x)


net = gpu(Tagger())
small = maybe_half(gpu(Tagger()))
opt = torch.optim.Adam(list(net.parameters()) + list(small.parameters()))
for step in range(100):
    x, label = sampler.draw()
    loss = nn.functional.cross_entropy(net(x), label) + nn.functional.cross_entropy(small(x), label)
    opt.zero_grad()
    loss.backward()
    opt.step()

n_test = 500
hits = []
for k in range(n_test):
    x, label = sampler.draw(held_out=True)
    hits.append(net(x).argmax(1).item() == label.item())  # expect: GG001
    hits.append(small(x).argmax(1).item() == label.item())  # expect: GG001
