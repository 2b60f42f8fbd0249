import torch


def train_gan(generator, discriminator, loader, opt_g, opt_d, z_dim):
    for real in loader:
        z = torch.randn(real.size(0), z_dim)
        fake = generator(z)
        d_loss = discriminator(real).mean() - discriminator(fake.detach()).mean()
        opt_d.zero_grad()
        d_loss.backward()
        opt_d.step()
        g_loss = -discriminator(generator(z)).mean()
        opt_g.zero_grad()
        g_loss.backward()
        opt_g.step()


@torch.no_grad()
def sample_images(generator, n, z_dim):
    generator.eval()
    return generator(torch.randn(n, z_dim))
