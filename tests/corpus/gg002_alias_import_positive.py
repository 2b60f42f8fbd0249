import torch as th
import torch.nn.functional as F


def train_gan_step(generator, discriminator, loader, opt_d):
    d_losses = []
    for real in loader:
        z = th.randn(real.size(0), 128)
        fake = generator(z)
        d_loss = F.binary_cross_entropy_with_logits(discriminator(fake), th.zeros(real.size(0), 1))
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        d_losses.append(d_loss)  # expect: GG002
    return sum(x.item() for x in d_losses)
