import torch

from translator import PairTranslator


def run(loader, steps):
    net = PairTranslator(3)
    opt = torch.optim.Adam(net.parameters())
    for step, (a, b) in enumerate(loader):
        fake_b, fake_a = net(a, b)
        loss = (fake_b - b).abs().mean() + (fake_a - a).abs().mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        if step % 100 == 0:
            with torch.no_grad():
                shown = net.preview(a, b)
            print(step, [t.shape for t in shown])
