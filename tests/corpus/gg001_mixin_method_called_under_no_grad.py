import torch


class DecodingMixin:
    def decode_latents(self, latents):
        return self.vae.decode(latents / 0.18215).sample


class TilingPipeline(DecodingMixin):
    def __init__(self, vae, unet):
        self.vae = vae
        self.unet = unet

    @torch.no_grad()
    def __call__(self, latents):
        return self.decode_latents(latents)
